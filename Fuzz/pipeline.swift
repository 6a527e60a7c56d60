/// The libFuzzer entry point of the `pipeline` target: check with every renderer, graph, emit and fmt.
/// Built and run by `scripts/fuzz pipeline`; the body is `FuzzTargets.pipeline`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTargets.pipeline(bytes)
  return 0
}
