import HTTPServer
import Testing
@testable import CardFormApp
@testable import Payments

/// Every module's errors are `CodedError`s: one shape, printed one way.
@Suite struct CodedErrorTests {
    @Test func anErrorPrintsItsCodeThenItsMessage() {
        #expect(FormDecodingError(.tooManyFields, "more than 256 fields").description == "too-many-fields: more than 256 fields")
        #expect(HTTPServerError(.invalidPort, "port 70000 is outside 0...65535").description
            == "invalid-port: port 70000 is outside 0...65535")
    }

    @Test func aCodeThatCouldBeAnyonesIsPrintedAfterItsDomain() {
        #expect(RedisError(.timeout, "no reply within 1 s").description == "redis timeout: no reply within 1 s")
        #expect(OutboxError(.io, "cannot write").description == "outbox io: cannot write")
    }

    @Test func aStaticSiteErrorReachesTheCommandLineAsItsMessageAlone() {
        #expect(StaticSiteError(.configuration, "defaults: must be a JSON object").cliError == .usage("defaults: must be a JSON object"))
        #expect(StaticSiteError(.unwritable, "cannot create out/").cliError == .failure("cannot create out/"))
    }
}
