@testable import HTTPServer

/// A request head as the app sees it, built from the bytes: a method, a target, a version and
/// header lines, checked by the framing rules, then made into a `Request` whose query, form body
/// and media type are read. The remnant check runs on the raw bytes with offsets from the input.
enum HeadFuzzing {
    static func run(_ input: UnsafeRawBufferPointer) {
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard let requestLine = lines.first else { return }
        let parts = requestLine.split(separator: " ", maxSplits: 2).map(String.init)
        var head = HeadCollector()
        for line in lines.dropFirst().prefix(64) {
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            head.add(name: String(line[..<colon]), value: String(line[colon...].dropFirst()))
        }
        let headers = head.headers
        let version = parts.count > 2 ? parts[2] : "HTTP/1.1"
        _ = HeadRules.violation(in: head, version: version)
        checkRemnants(input)
        guard parts.count > 1, let request = try? Request(
            method: HTTPMethod(rawValue: parts[0]), target: parts[1], version: version, headers: headers,
            body: Array(lines.last?.utf8 ?? "".utf8))
        else { return }
        // Bytes, not characters: "/" and a combining mark after it make one `Character`.
        precondition(request.path.utf8.first == UInt8(ascii: "/") && !request.path.utf8.contains(0), "a path the app must never see")
        _ = try? request.queryItems
        _ = try? request.formFields()
        _ = request.mediaType
        _ = request.hasMediaType("application/x-www-form-urlencoded")
        _ = headers[.contentLength]
    }

    /// The first bytes pick field offsets (anywhere, even outside); the check must stay in bounds.
    private static func checkRemnants(_ input: UnsafeRawBufferPointer) {
        guard input.count >= 4 else { return }
        let bounds = { (byte: UInt8, length: UInt8) -> Range<Int> in Int(byte) - 8..<Int(byte) - 8 + Int(length % 16) }
        let field = HeadRemnants.Field(name: bounds(input[0], input[1]), value: bounds(input[2], input[3]))
        _ = HeadRemnants.fieldSectionIsWhole(input, from: Int(input[0] % 8), fields: [field])
        _ = HeadRemnants.requestLineIsWhole(methodLength: Int(input[1]), targetLength: Int(input[2]), versionOffset: Int(input[3]))
    }
}
