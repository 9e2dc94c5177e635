import CircleCanvas
import Testing

@testable import CircleScript

@Suite("Suggestions and colour names")
struct SuggestionTests {
  @Test(
    "misspelt words find the intended one",
    arguments: [
      ("circel", LineParser.commandNames, "clear"), ("ad", LineParser.commandNames, "add"),
      ("remvoe", LineParser.commandNames, "remove"), ("ADD", LineParser.commandNames, "add"),
      ("gren", NamedColours.names, "green"), ("cornflower", NamedColours.names, "cornflowerblue"),
      ("fil", LineParser.propertyKeywords, "fill"),
      ("opacty", LineParser.propertyKeywords, "opacity"),
    ])
  func suggests(_ word: String, _ candidates: [String], _ expected: String) {
    #expect(Suggestion.closest(to: word, among: candidates) == expected)
  }

  @Test("unrelated words get no suggestion", arguments: ["paint", "xyz", "delete", ""])
  func noSuggestion(_ word: String) {
    #expect(Suggestion.closest(to: word, among: LineParser.commandNames) == nil)
  }

  @Test("the 148 CSS colour names are all present, plus none and transparent")
  func namedColours() {
    #expect(NamedColours.names.count == 150)
    #expect(NamedColours.colour(named: "RebeccaPurple")?.description == "#663399")
    #expect(NamedColours.colour(named: "grey") == NamedColours.colour(named: "gray"))
    #expect(NamedColours.colour(named: "transparent") == Colour.none)
    #expect(NamedColours.colour(named: "lightgoldenrodyellow")?.description == "#fafad2")
    #expect(NamedColours.colour(named: "navy")?.description == "#000080")
    #expect(NamedColours.colour(named: "orangered")?.description == "#ff4500")
    #expect(NamedColours.colour(named: "bluish") == nil)
  }
}
