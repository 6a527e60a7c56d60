import Foundation
import NavrcCommand

exit(Navrc.main(Array(CommandLine.arguments.dropFirst())))
