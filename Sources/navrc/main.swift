import NavrcCommand

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(Navrc.main(Array(CommandLine.arguments.dropFirst())))
