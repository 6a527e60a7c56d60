import Foundation
import NavrcCommand

exit(Navrc.run(Array(CommandLine.arguments.dropFirst())))
