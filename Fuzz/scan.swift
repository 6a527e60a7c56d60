/// The libFuzzer entry point of the `scan` target: the scan readers and model builder on
/// Swift, Objective-C and storyboard inputs, and the round trip of `--rules` through `check`.
/// Built and run by `scripts/fuzz scan`; the body is `FuzzTargets.scan`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTargets.scan(bytes)
  return 0
}
