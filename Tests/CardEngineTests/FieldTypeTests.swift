import CardEngine
import Testing

struct FieldTypeTests {
    @Test("every block name is the field's name in kebab case, as CONTRACT §5 names the block templates")
    func kebabNamesFollowTheFieldNames() {
        for field in FieldType.allCases {
            var expected = ""
            for character in field.rawValue {
                expected += character.isUppercase ? "-" + character.lowercased() : String(character)
            }
            #expect(field.kebabName == expected)
        }
    }
}
