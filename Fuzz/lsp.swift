/// The libFuzzer entry point of the `lsp` target: the language server's message loop.
/// Built and run by `scripts/fuzz lsp`; the body is `FuzzTargets.languageServer`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTargets.languageServer(bytes)
  return 0
}
