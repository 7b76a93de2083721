import CardEngine
import Testing

/// `(previous, raw, caret) → (value, caret)`: what the shopper sees after each kind of edit.
/// Carets are UTF-16 offsets, as the DOM's `selectionStart`.
@Suite struct FormattingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var what: String
        var previous: String
        var raw: String
        var caret: Int
        var value: String
        var caretAfter: Int
        var testDescription: String { what }
        var edit: FieldEdit { FieldEdit(previous: previous, raw: raw, caret: caret) }
    }

    static let cardNumberCases: [Case] = [
        Case(what: "typing the fifth digit opens a group", previous: "4242", raw: "42424", caret: 5, value: "4242 4", caretAfter: 6),
        Case(what: "inserting in the middle keeps the caret after the digit", previous: "4242 4242", raw: "4242 14242", caret: 6, value: "4242 1424 2", caretAfter: 6),
        Case(what: "inserting just before a space", previous: "4242 4242", raw: "42429 4242", caret: 5, value: "4242 9424 2", caretAfter: 6),
        Case(what: "backspace just after a space deletes the digit before it", previous: "4242 4242", raw: "42424242", caret: 4, value: "4244 242", caretAfter: 3),
        Case(what: "backspace at the end", previous: "4242 4242", raw: "4242 424", caret: 8, value: "4242 424", caretAfter: 8),
        Case(what: "delete before a space skips it (the page sends this) and the caret stays after it", previous: "4111 2222 3333", raw: "4111 222 3333", caret: 5, value: "4111 2223 333", caretAfter: 5),
        Case(what: "backspace of a group's first digit keeps the caret after the space", previous: "4111 2222", raw: "4111 222", caret: 5, value: "4111 222", caretAfter: 5),
        Case(what: "delete at the end of a group closes the gap", previous: "4111 2222 3333", raw: "4112222 3333", caret: 3, value: "4112 2223 333", caretAfter: 3),
        Case(what: "backspace leaving a trailing group", previous: "4242 4", raw: "4242 ", caret: 5, value: "4242", caretAfter: 4),
        Case(what: "deleting a selection across a space", previous: "4242 4242 4242", raw: "4242 4242", caret: 2, value: "4242 4242", caretAfter: 2),
        Case(what: "deleting a whole group with its space", previous: "4242 4242 4242 4242", raw: "4242 4242 4242", caret: 5, value: "4242 4242 4242", caretAfter: 4),
        Case(what: "pasting in the middle", previous: "4242 4242", raw: "4242 11114242", caret: 9, value: "4242 1111 4242", caretAfter: 9),
        Case(what: "autofill with spaces", previous: "", raw: "4242 4242 4242 4242", caret: 19, value: "4242 4242 4242 4242", caretAfter: 19),
        Case(what: "paste with dashes", previous: "", raw: "4242-4242-4242-4242", caret: 19, value: "4242 4242 4242 4242", caretAfter: 19),
        Case(what: "paste with dots", previous: "", raw: "5555.5555.5555.4444", caret: 19, value: "5555 5555 5555 4444", caretAfter: 19),
        Case(what: "full-width digits from an IME", previous: "", raw: "４２４２", caret: 4, value: "4242", caretAfter: 4),
        Case(what: "a letter is dropped", previous: "4242", raw: "4242a", caret: 5, value: "4242", caretAfter: 4),
        Case(what: "a 17th Mastercard digit is refused", previous: "5555 5555 5555 4444", raw: "5555 5555 5555 44441", caret: 20, value: "5555 5555 5555 4444", caretAfter: 19),
        Case(what: "Amex groups 4-6-5", previous: "3782 82246", raw: "3782 822463", caret: 11, value: "3782 822463", caretAfter: 11),
        Case(what: "Amex stops at 15", previous: "3782 822463 10005", raw: "3782 822463 100051", caret: 18, value: "3782 822463 10005", caretAfter: 17),
        Case(what: "an unknown number takes 19 digits", previous: "", raw: "99999999999999999999", caret: 20, value: "9999 9999 9999 9999 999", caretAfter: 23),
        Case(what: "a caret beyond the value is clamped", previous: "", raw: "4242", caret: 99, value: "4242", caretAfter: 4),
    ]

    /// The session formats the card number through its own path (the network may come from a BIN
    /// table): a Delete before a space comes out as the page predicts it there too.
    @Test func theSessionFormatsADeleteBeforeASpaceAsThePageDoes() {
        var session = CardSession(id: "s", configuration: SessionConfiguration())
        let environment = SessionEnvironment()
        _ = session.update(.cardNumber, value: "4111 2222 3333", caret: 14, in: environment)
        let update = session.update(.cardNumber, value: "4111 222 3333", caret: 5, in: environment)
        #expect(update.formatted == FormattedValue(value: "4111 2223 333", caret: 5))
    }

    @Test(arguments: cardNumberCases)
    func cardNumberFormattingKeepsTheCaret(_ c: Case) {
        let result = CardNumberFormatter.format(c.edit)
        #expect(result.value == c.value)
        #expect(result.caret == c.caretAfter)
    }

    static let expiryCases: [Case] = [
        Case(what: "a first digit 1 waits", previous: "", raw: "1", caret: 1, value: "1", caretAfter: 1),
        Case(what: "a complete month gets its slash", previous: "1", raw: "12", caret: 2, value: "12/", caretAfter: 3),
        Case(what: "a first digit 2–9 is a month", previous: "", raw: "4", caret: 1, value: "04/", caretAfter: 3),
        Case(what: "1 then 3–9 is January", previous: "1", raw: "13", caret: 2, value: "01/3", caretAfter: 4),
        Case(what: "1 then a slash is January", previous: "1", raw: "1/", caret: 2, value: "01/", caretAfter: 3),
        Case(what: "00 keeps one zero", previous: "0", raw: "00", caret: 2, value: "0", caretAfter: 1),
        Case(what: "0 then 9 is September", previous: "0", raw: "09", caret: 2, value: "09/", caretAfter: 3),
        Case(what: "typing the year", previous: "12/", raw: "12/3", caret: 4, value: "12/3", caretAfter: 4),
        Case(what: "typing 1230 in one go", previous: "", raw: "1230", caret: 4, value: "12/30", caretAfter: 5),
        Case(what: "a third year digit is refused", previous: "12/30", raw: "12/305", caret: 6, value: "12/30", caretAfter: 5),
        Case(what: "backspace after the slash removes it and the month digit", previous: "12/", raw: "12", caret: 2, value: "1", caretAfter: 1),
        Case(what: "backspace after the slash with a year typed", previous: "12/3", raw: "123", caret: 2, value: "01/3", caretAfter: 2),
        Case(what: "backspace at the end", previous: "12/30", raw: "12/3", caret: 4, value: "12/3", caretAfter: 4),
        Case(what: "delete before the slash skips it (the page sends this): 12|/30 → 12/|0", previous: "12/30", raw: "12/0", caret: 3, value: "12/0", caretAfter: 3),
        Case(what: "delete after the slash removes the year's first digit", previous: "12/30", raw: "12/0", caret: 3, value: "12/0", caretAfter: 3),
        Case(what: "deleting a month digit pads the month", previous: "12/30", raw: "1/30", caret: 1, value: "01/30", caretAfter: 3),
        Case(what: "autofill of 12/2030", previous: "", raw: "12/2030", caret: 7, value: "12/30", caretAfter: 5),
        Case(what: "autofill of 2030-12", previous: "", raw: "2030-12", caret: 7, value: "12/30", caretAfter: 5),
        Case(what: "autofill of 12 / 30", previous: "", raw: "12 / 30", caret: 7, value: "12/30", caretAfter: 5),
        Case(what: "autofill of 122030", previous: "", raw: "122030", caret: 6, value: "12/30", caretAfter: 5),
        Case(what: "autofill of 1/2030", previous: "", raw: "1/2030", caret: 6, value: "01/30", caretAfter: 5),
    ]

    @Test(arguments: expiryCases)
    func expiryFormattingKeepsTheCaret(_ c: Case) {
        let result = ExpiryFormatter.format(c.edit, isPaste: false, today: Fixtures.today)
        #expect(result.value == c.value)
        #expect(result.caret == c.caretAfter)
    }

    @Test(arguments: ["12/2030", "12 / 30", "1230", "122030", "2030-12", "12/30", "12-2030", " 12/2030 "])
    func everyPastedFormOfADateBecomesMonthSlashYear(_ pasted: String) {
        let result = ExpiryFormatter.format(FieldEdit(previous: "", raw: pasted, caret: pasted.utf16.count), isPaste: true, today: Fixtures.today)
        #expect(result.value == "12/30")
        #expect(result.caret == 5)
    }

    /// The shapes browsers' autofill and password managers hand over (`cc-exp` as `MM/YY`,
    /// `MM/YYYY`, `YYYY-MM` from `<input type=month>`, digits only…), pasted or arriving at once,
    /// over an empty field or one already filled; the caret goes to the end.
    static let wholeDates: [(String, String)] = [
        ("122030", "12/30"), ("012031", "01/31"), ("12/2030", "12/30"), ("01/2031", "01/31"), ("2030-12", "12/30"),
        ("2031-01", "01/31"), ("2031-1", "01/31"), ("2030-9", "09/30"), ("12/30", "12/30"), ("1/31", "01/31"),
        ("9/30", "09/30"), ("9/2030", "09/30"), ("09/30", "09/30"), ("2030/12", "12/30"), ("2031/1", "01/31"),
        ("12-30", "12/30"), ("1-2031", "01/31"), ("12 2030", "12/30"), ("12.2030", "12/30"), ("12.30", "12/30"),
        ("0130", "01/30"), ("930", "09/30"), ("  2030-12 ", "12/30"), ("12 / 2030", "12/30"),
    ]

    @Test(arguments: wholeDates)
    func aWholeDateArrivingAtOnceBecomesMonthSlashYearWithTheCaretAtTheEnd(_ raw: String, _ shown: String) {
        for previous in ["", "0", "11/29", "05/27"] {
            for isPaste in [true, false] {
                let edit = FieldEdit(previous: previous, raw: raw, caret: raw.utf16.count)
                let result = ExpiryFormatter.format(edit, isPaste: isPaste, today: Fixtures.today)
                #expect(result == FormattedValue(value: shown, caret: 5), "\(raw) over \(previous), paste \(isPaste)")
            }
        }
    }

    @Test func aWholeDateWithAMonthThirteenKeepsItsMonthAsWritten() {
        let result = ExpiryFormatter.format(FieldEdit(previous: "", raw: "13/2030", caret: 7), isPaste: true, today: Fixtures.today)
        #expect(result.value == "13/20", "the month error shows at once rather than another date")
    }

    @Test(arguments: [
        ("john smith", "John Smith"), ("jean-luc o'neil", "Jean-Luc O'Neil"), ("mcDonald", "McDonald"),
        ("van der berg", "Van Der Berg"), ("  ana", "  Ana"), ("zoë d’arcy", "Zoë D’Arcy"), ("it's", "It's"),
        ("JOHN", "JOHN"), ("élodie", "Élodie"), ("ßen", "SSen"),
    ])
    func theCardholderNameIsTitleCasedAsTyped(_ typed: String, _ shown: String) {
        let result = CardholderNameFormatter.format(FieldEdit(previous: "", raw: typed, caret: typed.utf16.count))
        #expect(result.value == shown)
        #expect(result.caret == shown.utf16.count)
    }

    @Test func titleCasingKeepsAMidNameCaret() {
        let result = CardholderNameFormatter.format(FieldEdit(previous: "John mith", raw: "John smith", caret: 6))
        #expect(result == FormattedValue(value: "John Smith", caret: 6))
    }

    /// ASCII names are read as bytes: the same as the Character path, which a non-ASCII last
    /// character (a middle dot, neither letter nor separator) makes the name take.
    @Test(arguments: [
        "john smith", "jean-luc o'neil", "o'brien d'arcy", "  ana  mc-d", "it's", "JOHN x", "a'b'c", "", "x\r\ny", "7 rue",
        "a\tb 'c _d .e o'f-g `h ~i {j @k [l", String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }),
    ])
    func anASCIINameIsFormattedAsItsCharactersWouldBe(_ name: String) {
        for caret in 0...name.utf16.count {
            let bytes = CardholderNameFormatter.format(FieldEdit(previous: "", raw: name, caret: caret))
            let characters = CardholderNameFormatter.format(FieldEdit(previous: "", raw: name + "·", caret: caret))
            #expect(characters == FormattedValue(value: bytes.value + "·", caret: bytes.caret), "\(name) caret \(caret)")
        }
    }

    @Test func withoutAutoCapitaliseTheNameIsLeftAlone() {
        let result = CardholderNameFormatter.format(FieldEdit(previous: "", raw: "john smith", caret: 3), autoCapitalise: false)
        #expect(result == FormattedValue(value: "john smith", caret: 3))
    }
}
