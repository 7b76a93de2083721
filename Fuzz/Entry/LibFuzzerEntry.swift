/// libFuzzer's entry point: one input through the target this binary is built for.
/// `selectedTarget` is a one-line file the Makefile writes per binary (`make fuzz`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selectedTarget.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
