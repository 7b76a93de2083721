@testable import HTTPServer
import Testing

@Suite("Connection table, in memory")
struct ConnectionTableTests {
    typealias Instant = ContinuousClock.Instant

    let start = ContinuousClock.now
    let one = ClientAddress(ipv4: 0x7F00_0001)
    let two = ClientAddress(ipv4: 0x7F00_0002)

    func table(total: Int = 10, perAddress: Int = 2, timeout: Duration = .seconds(10)) -> ConnectionTable {
        ConnectionTable(limits: .init(total: total, perAddress: perAddress, requestTimeout: timeout))
    }

    /// Every socket overdue at `now`, in order.
    func overdue(_ table: inout ConnectionTable, at now: Instant) -> [Int32] {
        var sockets: [Int32] = []
        while let socket = table.popOverdue(at: now) { sockets.append(socket) }
        return sockets
    }

    /// The answer on `socket` sent at `now`, as the worker reports it: the next deadline set,
    /// which clears the busy mark in the same store.
    func answer(_ table: inout ConnectionTable, _ socket: Int32, at now: Instant) {
        table.activity(on: socket)?.answerSent(at: now)
    }

    @Test("an address past its share is refused while others are admitted, until one of its own closes")
    func perAddressShare() {
        var table = table()
        let admitted = [table.open(3, from: one, at: start), table.open(4, from: one, at: start), table.open(5, from: one, at: start),
                        table.open(6, from: two, at: start)].map { $0 != nil }
        #expect(admitted == [true, true, false, true])
        #expect(table.count == 3 && table.count(from: one) == 2)
        _ = table.closed(3)
        let again = table.open(7, from: one, at: start)
        #expect(again != nil)
    }

    @Test("the table is full at the total, and a close reports that it was")
    func totalLimit() {
        var table = table(total: 2, perAddress: 5)
        _ = table.open(3, from: one, at: start)
        #expect(!table.isFull)
        _ = table.open(4, from: two, at: start)
        #expect(table.isFull)
        let wasFull = [table.closed(3), table.closed(4), table.closed(99)]
        #expect(wasFull == [true, false, false])
    }

    @Test("a connection is overdue once the timeout passes without its request arriving, and only once")
    func overdueOnce() {
        var table = table()
        let earliest = [table.open(3, from: one, at: start), table.open(4, from: one, at: start + .seconds(1))]
        #expect(earliest == [true, false])
        #expect(table.millisecondsUntilNextDeadline(from: start) == 10_000)
        #expect(overdue(&table, at: start + .milliseconds(9_999)).isEmpty)
        #expect(overdue(&table, at: start + .seconds(10)) == [3])
        #expect(overdue(&table, at: start + .seconds(11)) == [4])
        #expect(overdue(&table, at: start + .seconds(60)).isEmpty)
        #expect(table.count == 2)
    }

    @Test("a request that arrived stops the deadline; the answer sent starts the next one")
    func rearming() {
        var table = table()
        _ = table.open(3, from: one, at: start)
        table.activity(on: 3)?.requestArrived()
        #expect(overdue(&table, at: start + .seconds(30)).isEmpty)
        answer(&table, 3, at: start + .seconds(30))
        #expect(overdue(&table, at: start + .seconds(39)).isEmpty)
        #expect(overdue(&table, at: start + .seconds(40)) == [3])
    }

    @Test("a connection busy when its deadline falls due is left alone; its answer sets the next, and a close forgets the flag")
    func busyPastTheDeadline() {
        var table = table()
        _ = table.open(3, from: one, at: start)
        _ = table.open(4, from: one, at: start)
        table.activity(on: 3)?.requestArrived()
        #expect(table.activity(on: 3)?.isBusy == true && table.activity(on: 4)?.isBusy == false)
        #expect(overdue(&table, at: start + .seconds(10)) == [4])
        #expect(overdue(&table, at: start + .seconds(60)).isEmpty)
        answer(&table, 3, at: start + .seconds(60))
        #expect(overdue(&table, at: start + .seconds(69)).isEmpty)
        #expect(overdue(&table, at: start + .seconds(70)) == [3])
        #expect(table.activity(on: 5) == nil)
        table.activity(on: 3)?.requestArrived()
        _ = table.closed(3)
        #expect(table.activity(on: 3) == nil)
        _ = table.open(3, from: two, at: start + .seconds(80))
        #expect(table.activity(on: 3)?.isBusy == false, "a reused socket starts idle, whatever the last one was")
    }

    /// A request busy past its deadline whose answer comes after the next deadline would also have
    /// passed (a log write stalled that long): the answer's deadline falls due at once and closes
    /// the connection, which is idle again; it is never dropped for a busy flag not yet cleared.
    @Test("an answer sent after its own next deadline leaves the connection overdue, not deadline-free")
    func answerPastItsOwnDeadline() {
        var table = table()
        _ = table.open(3, from: one, at: start)
        table.activity(on: 3)?.requestArrived()
        #expect(overdue(&table, at: start + .seconds(10)).isEmpty, "busy: looked at again a timeout later")
        answer(&table, 3, at: start + .seconds(11))
        #expect(table.activity(on: 3)?.isBusy == false, "the answer clears the flag with the deadline")
        #expect(overdue(&table, at: start + .seconds(21)) == [3])
    }

    @Test("a deadline moved later is kept: the connection is overdue at the new one, not the first")
    func movedDeadline() {
        var table = table()
        _ = table.open(3, from: one, at: start)
        answer(&table, 3, at: start + .seconds(5))
        #expect(table.millisecondsUntilNextDeadline(from: start) == 10_000, "the answer leaves the queue alone")
        #expect(overdue(&table, at: start + .seconds(10)).isEmpty)
        #expect(table.millisecondsUntilNextDeadline(from: start + .seconds(10)) == 5_000)
        #expect(overdue(&table, at: start + .seconds(15)) == [3])
    }

    @Test("a busy connection looked at again many times keeps one queue entry")
    func busyKeepsOneEntry() {
        var table = table()
        _ = table.open(3, from: one, at: start)
        table.activity(on: 3)?.requestArrived()
        for round in 1...1_000 {
            #expect(overdue(&table, at: start + .seconds(10 * round)).isEmpty)
            #expect(table.queuedCount == 1)
        }
        answer(&table, 3, at: start + .seconds(10_000))
        #expect(overdue(&table, at: start + .seconds(10_010)) == [3])
        #expect(table.queuedCount == 0)
    }

    @Test("a timeout of zero or less is a millisecond: a busy connection's recheck does not spin", arguments: [0, -5])
    func nonPositiveTimeout(seconds: Int) {
        var table = table(timeout: .seconds(seconds))
        #expect(table.limits.requestTimeout == .milliseconds(1))
        _ = table.open(3, from: one, at: start)
        table.activity(on: 3)?.requestArrived()
        #expect(overdue(&table, at: start + .seconds(1)).isEmpty)
        answer(&table, 3, at: start + .seconds(2))
        #expect(overdue(&table, at: start + .seconds(2) + .milliseconds(1)) == [3])
    }

    @Test("a closed socket's number reused by a new connection carries none of the old deadlines")
    func reusedSocket() {
        var table = table()
        _ = table.open(3, from: one, at: start)
        _ = table.closed(3)
        _ = table.open(3, from: two, at: start + .seconds(5))
        #expect(overdue(&table, at: start + .seconds(10)).isEmpty)
        #expect(overdue(&table, at: start + .seconds(15)) == [3])
        #expect(table.count(from: one) == 0 && table.count(from: two) == 1)
    }

    @Test("deadlines stopped early do not pile up over many requests")
    func boundedLeftovers() {
        var table = table(timeout: .seconds(1))
        _ = table.open(3, from: one, at: start)
        for index in 0..<10_000 {
            table.activity(on: 3)?.requestArrived()
            answer(&table, 3, at: start + .milliseconds(index))
        }
        #expect(overdue(&table, at: start + .seconds(100)) == [3])
    }

    @Test("a connection on a descriptor past any fixed size (FD_SETSIZE, 65,535) is counted, timed and closed like one on 3")
    func highDescriptors() {
        var table = table(perAddress: 5)
        let sockets: [Int32] = [70_000, 3, 1_025]
        let earliest = sockets.enumerated().map { table.open($1, from: one, at: start + .seconds($0)) }
        #expect(earliest == [true, false, false] && table.count == 3 && table.count(from: one) == 3)
        table.activity(on: 1_025)?.requestArrived()
        #expect(overdue(&table, at: start + .seconds(20)) == [70_000, 3])
        _ = table.closed(70_000)
        _ = table.closed(70_000)  // a second report of the same close changes nothing
        #expect(table.count == 2 && table.count(from: one) == 2)
        _ = table.open(70_000, from: two, at: start + .seconds(20))
        #expect(overdue(&table, at: start + .seconds(30)) == [70_000])
    }

    @Test("IPv6 addresses share a count per /64")
    func ipv6Prefix() {
        #expect(ClientAddress(text: "2001:db8::1") == ClientAddress(text: "2001:db8::ffff:2"))
        #expect(ClientAddress(text: "2001:db8:0:1::1") != ClientAddress(text: "2001:db8::1"))
        #expect(ClientAddress(text: "127.0.0.2") == ClientAddress(ipv4: 0x7F00_0002))
        #expect(ClientAddress(text: "localhost") == nil)
        #expect(ClientAddress(ipv6Prefix: 0x2001_0db8_0000_0001) != ClientAddress(ipv6Prefix: 0x2001_0db8_0000_0002))
        #expect(ClientAddress(ipv6Prefix: 1) != ClientAddress(ipv4: 1))
    }
}
