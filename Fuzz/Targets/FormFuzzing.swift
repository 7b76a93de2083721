import HTTPServer

/// Form data: decoded pairs must re-encode to a body that decodes to the same pairs.
enum FormFuzzing {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard let form = try? FormFields(urlEncoded: Array(input)) else { return }
        precondition(form.count <= FormFields.defaultFieldLimit)
        let encoded = form.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
        let again = try? FormFields(urlEncoded: encoded)
        precondition(again == form, "decoding is not the inverse of encoding")
        if let first = form.fields.first {
            precondition(form[named: first.name] == first.value && form.values(for: first.name).first == first.value)
        }
    }

    /// Every byte but unreserved ones as %HH: the simplest encoding any decoder must read back.
    private static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let isUnreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isUnreserved {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                encoded += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return encoded
    }
}
