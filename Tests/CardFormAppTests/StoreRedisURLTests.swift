import Testing
@testable import CardFormApp

@Suite struct StoreRedisURLTests {
    @Test(arguments: [
        ("redis://127.0.0.1:6380/2", .tcp(host: "127.0.0.1", port: 6380), nil, 2),
        ("redis://cache.internal", .tcp(host: "cache.internal", port: 6379), nil, 0),
        ("redis://cache.internal/", .tcp(host: "cache.internal", port: 6379), nil, 0),
        ("REDIS://:s3cret@cache:7000/15", .tcp(host: "cache", port: 7000), "s3cret", 15),
        ("redis://:p%40ss%3Aword@10.0.0.5:6379/0", .tcp(host: "10.0.0.5", port: 6379), "p@ss:word", 0),
        ("redis://[::1]:6390/1", .tcp(host: "::1", port: 6390), nil, 1),
        ("redis+unix:///run/redis/redis-server.sock", .socket(path: "/run/redis/redis-server.sock"), nil, 0),
        ("Redis+Unix:///run/redis.sock?db=3", .socket(path: "/run/redis.sock"), nil, 3),
        ("redis+unix://:p%40ss@/var/run/my%20redis.sock?db=12", .socket(path: "/var/run/my redis.sock"), "p@ss", 12),
        ("redis+unix:///run/redis@main/redis.sock", .socket(path: "/run/redis@main/redis.sock"), nil, 0),
        ("redis+unix://:pw@/run/redis@main/redis.sock", .socket(path: "/run/redis@main/redis.sock"), "pw", 0),
        ("redis+unix:///" + String(repeating: "s", count: 106), .socket(path: "/" + String(repeating: "s", count: 106)), nil, 0),
    ] as [(String, RedisURL.Address, String?, Int)])
    func aRedisURLGivesAddressPasswordAndDatabase(text: String, address: RedisURL.Address, password: String?, database: Int) throws {
        let url = try RedisURL(parsing: text)
        #expect(url.address == address && url.password == password && url.database == database)
    }

    @Test(arguments: [
        ("rediss://cache:6379/0", "TLS (rediss://) is not supported: reach Redis over a private network with redis://"),
        ("http://cache:6379", Self.mustStart),
        ("unix:///run/redis.sock?db=1", Self.mustStart),
        ("redis+unix://run/redis.sock", "the socket path must be absolute, after the empty host: redis+unix://[:password@]/path/to/redis.sock?db=N"),
        ("redis+unix://", "the socket path must be absolute, after the empty host: redis+unix://[:password@]/path/to/redis.sock?db=N"),
        ("redis+unix:///run/redis.sock?timeout=5", "db=N is the one option of a socket URL (redis+unix://[:password@]/path/to/redis.sock?db=N)"),
        ("redis+unix:///run/redis.sock?db=1&db=2", "db=N is the one option of a socket URL (redis+unix://[:password@]/path/to/redis.sock?db=N)"),
        ("redis+unix:///run/redis.sock?db=", "db= needs a number (redis+unix://[:password@]/path/to/redis.sock?db=N)"),
        ("redis+unix:///run/redis.sock?db=one", "the database must be a number (redis+unix:///path/to/redis.sock?db=0)"),
        ("redis+unix:///run/redis.sock#0", "a # is not part of a socket URL (redis+unix://[:password@]/path/to/redis.sock?db=N)"),
        ("redis+unix://user:pw@/run/redis.sock", "a user name is not supported: write the password alone, redis://:PASSWORD@host:port/db"),
        ("redis+unix:///run/%zz.sock", "the socket path is badly percent-encoded"),
        ("redis+unix:///run/a%00b.sock", "the socket path is badly percent-encoded"),
        ("redis+unix:///" + String(repeating: "s", count: 107), "the socket path is longer than 107 bytes, the most a Unix socket address holds"),
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

    static let mustStart = "must start with redis:// (redis://[:password@]host:port/db), or redis+unix:// for a Unix socket (redis+unix://[:password@]/path/to/redis.sock?db=N)"

    @Test func itsDescriptionHidesThePassword() throws {
        #expect(try RedisURL(parsing: "redis://:hunter2@cache:6379/3").description == "redis://:***@cache:6379/3")
        #expect(try RedisURL(parsing: "redis://[::1]").description == "redis://[::1]:6379/0")
        #expect(try RedisURL(parsing: "redis+unix://:hunter2@/run/redis.sock?db=2").description == "redis+unix://:***@/run/redis.sock?db=2")
    }
}
