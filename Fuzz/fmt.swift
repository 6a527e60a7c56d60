/// The libFuzzer entry point of the `fmt` target: fmt keeps meaning (a fixed point, the same diagnostics and Swift).
/// Built and run by `scripts/fuzz fmt`; the body is `FuzzTargets.formatKeepsMeaning`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTargets.formatKeepsMeaning(bytes)
  return 0
}
