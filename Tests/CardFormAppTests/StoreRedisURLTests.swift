import Testing
@testable import CardFormApp

@Suite struct StoreRedisURLTests {
    @Test(arguments: [
        ("redis://127.0.0.1:6380/2", "127.0.0.1", 6380, nil, 2),
        ("redis://cache.internal", "cache.internal", 6379, nil, 0),
        ("redis://cache.internal/", "cache.internal", 6379, nil, 0),
        ("REDIS://:s3cret@cache:7000/15", "cache", 7000, "s3cret", 15),
        ("redis://:p%40ss%3Aword@10.0.0.5:6379/0", "10.0.0.5", 6379, "p@ss:word", 0),
        ("redis://[::1]:6390/1", "::1", 6390, nil, 1),
    ] as [(String, String, Int, String?, Int)])
    func aRedisURLGivesHostPortPasswordAndDatabase(text: String, host: String, port: Int, password: String?, database: Int) throws {
        let url = try RedisURL(parsing: text)
        #expect(url.host == host && url.port == port && url.password == password && url.database == database)
    }

    @Test(arguments: [
        ("rediss://cache:6379/0", "TLS (rediss://) is not supported: reach Redis over a private network with redis://"),
        ("http://cache:6379", "must start with redis:// (redis://[:password@]host:port/db)"),
        ("unix:///run/redis.sock", "must start with redis:// (redis://[:password@]host:port/db)"),
        ("redis://default:pw@cache:6379/0", "a user name is not supported: write the password alone, redis://:PASSWORD@host:port/db"),
        ("redis://:@cache", "the password is empty or badly percent-encoded"),
        ("redis://cache:6379/0?timeout=5", "options after ? or # are not supported (redis://[:password@]host:port/db)"),
        ("redis://:6379/0", "the host is missing or has characters a host name cannot have"),
        ("redis://ca che:6379", "the host is missing or has characters a host name cannot have"),
        ("redis://cache:0/0", "the port must be a number from 1 to 65535"),
        ("redis://cache:port/0", "the port must be a number from 1 to 65535"),
        ("redis://cache:6379/zero", "the database must be a number (redis://host:port/0)"),
        ("redis://cache:6379/0/extra", "the database must be a number (redis://host:port/0)"),
        ("redis://cache:6379//0", "the path must be /DB, a database number"),
        ("redis://[::1:6379/0", "an IPv6 host needs its closing ]"),
    ])
    func anythingElseIsRefusedSayingWhatToWrite(text: String, message: String) {
        #expect(throws: RedisError(.invalidURL, message)) { try RedisURL(parsing: text) }
    }

    @Test func itsDescriptionHidesThePassword() throws {
        #expect(try RedisURL(parsing: "redis://:hunter2@cache:6379/3").description == "redis://:***@cache:6379/3")
        #expect(try RedisURL(parsing: "redis://[::1]").description == "redis://[::1]:6379/0")
    }
}
