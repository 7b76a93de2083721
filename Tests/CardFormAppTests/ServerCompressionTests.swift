import Foundation
import HTTPServer
import Testing
@testable import CardFormApp

/// gzip on the wire, read with curl without `--compressed`, so the bytes are exactly what was sent.
@Suite struct ServerCompressionTests {
    struct Raw {
        var headers: [String: String]
        var body: [UInt8]
    }

    static func fetch(_ url: String, acceptEncoding: String?) throws -> Raw {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        let headerFile = FileManager.default.temporaryDirectory.appendingPathComponent("cf-headers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: headerFile) }
        var arguments = ["-s", "-D", headerFile.path, url]
        if let acceptEncoding { arguments += ["-H", "Accept-Encoding: \(acceptEncoding)"] }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let body = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var headers: [String: String] = [:]
        for line in try String(contentsOf: headerFile, encoding: .utf8).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Raw(headers: headers, body: Array(body))
    }

    @Test func aPageGoesGzippedToAClientThatAcceptsItAndPlainToOneThatDoesNot() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let plain = try Self.fetch(harness.base + "/s/\(id)", acceptEncoding: nil)
        let packed = try Self.fetch(harness.base + "/s/\(id)", acceptEncoding: "gzip, deflate, br")
        // Plain, the page still says it varies: it is large enough that another client gets gzip.
        #expect(plain.headers["cache-control"] == "no-store")
        #expect(plain.headers["content-encoding"] == nil && plain.headers["vary"] == "Accept-Encoding")
        #expect(packed.headers["content-encoding"] == "gzip" && packed.headers["vary"] == "Accept-Encoding")
        let unpacked = try #require(Gzip.decompress(packed.body))
        #expect(packed.body.count * 3 < unpacked.count)
        // The same page but for the one-time page id.
        let text = String(decoding: unpacked, as: UTF8.self)
        #expect(text.lowercased().contains("<html") && text.contains(#"data-cf-block="form""#))
        let refused = try Self.fetch(harness.base + "/s/\(id)", acceptEncoding: "gzip;q=0, identity")
        #expect(refused.headers["content-encoding"] == nil)
    }

    @Test func assetsAreGzippedOnceWithTheirOwnETag() async throws {
        let harness = try ServerHarness()
        let asset = try #require(harness.server.app.resources.assets.byPath["cardform.css"])
        let packed = try Self.fetch(harness.base + asset.url, acceptEncoding: "gzip")
        #expect(packed.headers["content-encoding"] == "gzip" && packed.headers["vary"] == "Accept-Encoding")
        #expect(packed.body == asset.gzipped && Gzip.decompress(packed.body) == asset.bytes)
        #expect(packed.headers["etag"] == "\"\(asset.hash)-gzip\"")
        let plain = try Self.fetch(harness.base + asset.url, acceptEncoding: nil)
        #expect(plain.body == asset.bytes && plain.headers["etag"] == "\"\(asset.hash)\"")
        // Which copy goes depends on the client, so both copies say so.
        #expect(plain.headers["vary"] == "Accept-Encoding")
        // An icon too small to gain, or an image type, goes as it is.
        let png = harness.server.app.resources.assets.byPath.values.first { !Compression.compresses($0.contentType) }
        if let png { #expect(png.gzipped == nil) }
    }

    @Test(arguments: [
        ("gzip", true), ("gzip, deflate, br", true), ("br;q=1.0, gzip;q=0.8", true), ("GZIP", true), ("*", true),
        ("gzip;q=0", false), ("identity", false), ("", false), ("br", false), ("*, gzip;q=0", false), ("x-gzip", true),
    ])
    func acceptEncodingIsRead(value: String, accepted: Bool) {
        #expect(Gzip.isAccepted(by: value) == accepted)
    }

    @Test func onlyAnAnswerTooSmallToCompressLeavesOutVary() {
        func negotiated(_ body: String, cacheControl: String, acceptEncoding: String? = "gzip", vary: String? = nil) -> Response {
            var response = SecureResponse.html(body)
            response.headers.set(.cacheControl, cacheControl)
            if let vary { response.headers.add(.vary, vary) }
            Compression.negotiate(&response, acceptEncoding: acceptEncoding)
            return response
        }
        let small = "<template data-cf-block=\"cvv\"></template>", large = String(repeating: "<p>Pay</p>", count: 300)
        // Too small, it goes as it is whatever the client accepts, cacheable or not.
        #expect(negotiated(small, cacheControl: "no-store").headers[.vary] == nil)
        #expect(negotiated(small, cacheControl: "max-age=60").headers[.vary] == nil)
        // Large enough, it says so, compressed or not, whatever its caching; before `Content-Encoding`.
        let packed = negotiated(large, cacheControl: "no-store")
        #expect(packed.headers[.vary] == "Accept-Encoding" && packed.headers.fields.last?.name == .contentEncoding)
        #expect(negotiated(large, cacheControl: "no-store", acceptEncoding: nil).headers[.vary] == "Accept-Encoding")
        // A `Vary` of its own gains `Accept-Encoding`; one that already names it, or `*`, is kept.
        let cors = negotiated(large, cacheControl: "no-store", vary: "Origin")
        #expect(cors.headers.values(for: .vary) == ["Origin, Accept-Encoding"] && cors.headers[.contentEncoding] == "gzip")
        #expect(negotiated(large, cacheControl: "no-store", vary: "origin, accept-encoding").headers.values(for: .vary) == ["origin, accept-encoding"])
        #expect(negotiated(large, cacheControl: "no-store", vary: "*").headers.values(for: .vary) == ["*"])
        // A keystroke's answer, as the routes make it, is one too small.
        let keystroke = SecureResponse.fragments(small, headers: SecureResponse.ownFragmentHeaders(frameAncestors: ["https://shop.example"]))
        #expect(keystroke.body.count < Compression.minimumSize && keystroke.headers[.vary] == nil)
    }

    @Test func aSmallAnswerGoesAsItIs() {
        var small = SecureResponse.html("<template data-cf-block=\"cvv\"></template>")
        Compression.negotiate(&small, acceptEncoding: "gzip")
        #expect(small.headers[.contentEncoding] == nil && small.headers[.vary] == nil)
        var large = SecureResponse.html(String(repeating: "<p>Pay</p>", count: 300))
        Compression.negotiate(&large, acceptEncoding: "gzip")
        #expect(large.headers[.contentEncoding] == "gzip" && Gzip.decompress(large.body.bytes) == Array(String(repeating: "<p>Pay</p>", count: 300).utf8))
    }

    @Test("text types and the listed others are compressed, by their media type alone, exactly as spelled", arguments: [
        ("text/html; charset=utf-8", true), ("text/css", true), ("text/plain;charset=utf-8", true),
        ("application/json", true), ("application/json; charset=utf-8", true), ("application/javascript", true),
        ("image/svg+xml", true), ("application/manifest+json", true),
        ("image/png", false), ("application/jsonp", false), ("application/octet-stream", false), ("text", false),
        ("", false), ("Text/html", false), (";text/html", false),
    ])
    func compressedTypes(contentType: String, compressed: Bool) {
        #expect(Compression.compresses(contentType) == compressed)
    }
}
