/// Why a BIN table file was refused, with the line (1-based) it stopped at.
public struct BINTableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `missing-header`, `bad-row`, `bad-bin`, `unknown-network`, `bad-country`,
    /// `bad-funding-type`, `duplicate-bin` or `too-large`.
    public var code: String
    public var line: Int
    public var message: String

    public var description: String { "line \(line): \(code): \(message)" }
}

/// A local BIN table: records keyed by 6, 7 or 8 leading digits, the longest matching key winning.
///
/// The file format is CSV, one record per line, after a header line naming the columns:
///
/// ```
/// # comments start with '#'; blank lines are ignored
/// bin,networks,issuerCountry,fundingType
/// 40000025,CARTES_BANCAIRES|VISA,FR,credit
/// 45710000,VISA|DANKORT,DK,
/// ```
///
/// `bin` is 6–8 digits; `networks` are CONTRACT §2 identifiers joined by `|`, the issuer's preferred
/// first; `issuerCountry` (ISO 3166-1 alpha-2) and `fundingType` (`credit debit prepaid charge`)
/// may be empty. The engine does no file I/O: the app reads the operator's `binTable` file and
/// passes its bytes to `init(csv:)`.
public struct BINTable: BINLookup, Hashable, Sendable {
    /// Keys are `digitCount * 10⁸ + value`, so "400000" and "40000000" never collide.
    private var records: [Int: BINRecord] = [:]

    /// Most rows an operator's table may hold; bounds memory for a hostile or mistaken file.
    public static let maxRows = 2_000_000

    /// An empty table.
    public init() {}

    /// Reads a table in the CSV format above.
    public init(csv text: String) throws(BINTableError) {
        var sawHeader = false
        var lineNumber = 0
        // "\r\n" is one Character in Swift, so splitting on newline characters covers both endings.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if !sawHeader {
                let columns = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
                    $0.trimmingSpaces
                }
                guard columns == ["bin", "networks", "issuerCountry", "fundingType"] else {
                    throw BINTableError(
                        code: "missing-header", line: lineNumber,
                        message: "the first line must be bin,networks,issuerCountry,fundingType")
                }
                sawHeader = true
                continue
            }
            guard records.count < Self.maxRows else {
                throw BINTableError(code: "too-large", line: lineNumber, message: "more than \(Self.maxRows) rows")
            }
            let record = try Self.parseRow(trimmed, line: lineNumber)
            guard records.updateValue(record, forKey: Self.key(record.bin)) == nil else {
                throw BINTableError(code: "duplicate-bin", line: lineNumber, message: "BIN \(record.bin) appears twice")
            }
        }
        guard sawHeader else {
            throw BINTableError(code: "missing-header", line: lineNumber, message: "no header line")
        }
    }

    /// Reads a table from the bytes of a CSV file (UTF-8).
    public init(csv data: some Collection<UInt8>) throws(BINTableError) {
        try self.init(csv: String(decoding: data, as: UTF8.self))
    }

    /// How many records the table holds.
    public var count: Int { records.count }

    /// Every record, ordered by BIN.
    public var allRecords: [BINRecord] { records.values.sorted { $0.bin < $1.bin } }

    /// This table with `other`'s records added, `other` winning where both have the same BIN.
    public func overlaid(by other: BINTable) -> BINTable {
        var result = self
        result.records.merge(other.records) { _, new in new }
        return result
    }

    /// The record of the longest BIN (8, 7 then 6 digits) that starts `digits`.
    public func record(forNumber digits: String) -> BINRecord? {
        let prefixes = PrefixValues(digits.utf8)
        var length = min(prefixes.count, 8)
        while length >= 6 {
            if let record = records[length * 100_000_000 + prefixes[length]] { return record }
            length -= 1
        }
        return nil
    }

    private static func key(_ bin: String) -> Int {
        bin.count * 100_000_000 + Int(bin)!
    }

    private static func parseRow(_ row: Substring, line: Int) throws(BINTableError) -> BINRecord {
        let cells = row.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard cells.count == 4 else {
            throw BINTableError(code: "bad-row", line: line, message: "expected 4 columns, found \(cells.count)")
        }
        let bin = cells[0]
        guard (6...8).contains(bin.count), bin.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw BINTableError(code: "bad-bin", line: line, message: "a BIN is 6 to 8 digits")
        }
        var networks: [CardNetwork] = []
        for name in cells[1].split(separator: "|") {
            guard let network = CardNetwork(rawValue: name.trimmingSpaces), !networks.contains(network) else {
                throw BINTableError(code: "unknown-network", line: line, message: "unknown or repeated network \(name)")
            }
            networks.append(network)
        }
        guard !networks.isEmpty else {
            throw BINTableError(code: "unknown-network", line: line, message: "no network")
        }
        let country = cells[2].isEmpty ? nil : cells[2]
        if let country, country.count != 2 || !country.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) {
            throw BINTableError(code: "bad-country", line: line, message: "a country is two capital letters")
        }
        var funding: FundingType?
        if !cells[3].isEmpty {
            guard let parsed = FundingType(rawValue: cells[3]) else {
                throw BINTableError(code: "bad-funding-type", line: line, message: "funding is credit, debit, prepaid or charge")
            }
            funding = parsed
        }
        return BINRecord(bin: bin, networks: networks, issuerCountry: country, fundingType: funding)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
