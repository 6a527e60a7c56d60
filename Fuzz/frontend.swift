/// The libFuzzer entry point of the `frontend` target: the lexer, parser and resolver.
/// Built and run by `scripts/fuzz frontend`; the body is `FuzzTargets.frontEnd`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTargets.frontEnd(bytes)
  return 0
}
