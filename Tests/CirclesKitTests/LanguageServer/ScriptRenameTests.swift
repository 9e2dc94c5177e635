import Foundation
import Testing

@testable import CirclesKit

/// Renaming a circle's id: every word that names it and nothing else, or a refusal that says
/// why.
@Suite("Renaming a circle")
struct ScriptRenameTests {
  static let script = """
    let sun = 3                          // a variable, not the circle
    add sun at 10,10 radius sun fill gold
    add moon at 30,30 r 2
    move sun by 1,1   // sun moves
    group "Move sun" {
      set sun fill orange
      front sun
    }
    expect undo "Move sun"
    back sun
    remove sun
    add sun at 1,1 r 1
    """

  /// The text with edits made, the last first.
  static func applying(_ edits: [LSPTextEdit], to text: String) -> String {
    var text = text
    for edit in edits.sorted(by: { $0.range.start.line > $1.range.start.line }) {
      text = DocumentText.replacing(edit.range, in: text, with: edit.newText)
    }
    return text
  }

  static func at(_ line: Int, _ character: Int) -> LSPPosition {
    LSPPosition(line: line, character: character)
  }

  @Test("every id that names the circle, none in strings, comments or number positions")
  func renamesReferences() throws {
    let rename = ScriptRename(Self.script)
    let edits = try #require(try rename.edits(at: Self.at(3, 5), to: "star"))
    #expect(edits.count == 7)
    #expect(
      Self.applying(edits, to: Self.script) == """
        let sun = 3                          // a variable, not the circle
        add star at 10,10 radius sun fill gold
        add moon at 30,30 r 2
        move star by 1,1   // sun moves
        group "Move sun" {
          set star fill orange
          front star
        }
        expect undo "Move sun"
        back star
        remove star
        add star at 1,1 r 1
        """)
    // The same edits from the `add`, at either end of the word.
    #expect(try rename.edits(at: Self.at(1, 4), to: "star") == edits)
    #expect(try rename.edits(at: Self.at(1, 7), to: "star") == edits)
    // Beside the word, or on the variable, there is nothing to rename.
    #expect(try rename.edits(at: Self.at(1, 8), to: "star") == nil)
    #expect(try rename.edits(at: Self.at(0, 5), to: "star") == nil)
    #expect(try rename.edits(at: Self.at(1, 26), to: "star") == nil)
    #expect(try rename.edits(at: Self.at(1, 4), to: "sun") == [])
  }

  @Test("prepareRename gives the id's range and text, or nothing off an id")
  func prepare() throws {
    let rename = ScriptRename("add a at 1,1 r 1\n  remove a\n")
    #expect(
      try rename.prepare(at: Self.at(1, 9))
        == LSPPrepareRename(
          range: LSPRange(start: Self.at(1, 9), end: Self.at(1, 10)), placeholder: "a"))
    #expect(try rename.prepare(at: Self.at(1, 3)) == nil)
    #expect(try rename.prepare(at: Self.at(5, 0)) == nil)
  }

  @Test(
    "a rename that could change the script is refused with the reason",
    arguments: [
      (
        "add a at 1,1 r 1\nadd b at 2,2 r 1\n", 0, 4, "1b",
        "'1b' is not a valid id; an id is a letter or '_' followed by letters, digits, '_' or '-'"
      ),
      (
        "add a at 1,1 r 1\nadd b at 2,2 r 1\n", 0, 4, "b c",
        "'b c' is not a valid id; an id is a letter or '_' followed by letters, digits, '_' or '-'"
      ),
      (
        "add a at 1,1 r 1\nadd b at 2,2 r 1\n", 0, 4, "b",
        "'b' already names another circle (line 2)"
      ),
      ("add a at 1,1 r 1\nremove b\n", 0, 4, "b", "'b' already names another circle (line 2)"),
      (
        "add a at 1,1 r 1\nadd at 2,2 r 1\n", 0, 4, "c7",
        "'c7' may be the name given to a circle added without an id (line 2)"
      ),
      (
        "add at 2,2 r 1\nremove c1\n", 1, 8, "sun",
        "'c1' is the name given to a circle added without an id (line 1); give it an id in its 'add' first"
      ),
      (
        "add a at 1,1 r 1\nrepeat 2 as i {\n  add dot{i} at 1,1 r 1\n}\n", 0, 4, "dot-1",
        "'dot-1' may be a name that 'dot{i}' makes (line 3)"
      ),
      (
        "add dot3 at 1,1 r 1\nremove dot{1 + 2}\n", 0, 4, "d",
        "'dot3' may also be named by 'dot{1 + 2}' (line 2), which a rename cannot change"
      ),
      (
        "add dot{1} at 1,1 r 1\n", 0, 5, "d",
        "'dot{1}' is made by interpolation when the script runs; only an id written out can be renamed"
      ),
      (
        "add a at 1,1 r 1\nremove a // \u{7}\n", 0, 4, "b",
        "line 2 cannot be read (control character U+0007 is not allowed; use spaces, tabs and line breaks); fix it before renaming"
      ),
    ])
  func refusals(text: String, line: Int, character: Int, name: String, message: String) {
    #expect(throws: ScriptRename.Refusal(message: message)) {
      try ScriptRename(text).edits(at: Self.at(line, character), to: name)
    }
  }

  @Test("names that an interpolation may make, and names it may not")
  func templates() {
    #expect(ScriptRename.template("dot{i}", mayMake: "dot12"))
    #expect(ScriptRename.template("dot{i}", mayMake: "dot-3"))
    #expect(ScriptRename.template("p{i}-{j}", mayMake: "p1-2"))
    #expect(ScriptRename.template("p{i}-{j}", mayMake: "p-1--2"))
    #expect(!ScriptRename.template("dot{i}", mayMake: "dot"))
    #expect(!ScriptRename.template("dot{i}", mayMake: "dotx"))
    #expect(!ScriptRename.template("dot{i}", mayMake: "dot1x"))
    #expect(!ScriptRename.template("p{i}-{j}", mayMake: "p1-"))
    #expect(ScriptRename.isAutomatic("c12") && !ScriptRename.isAutomatic("c"))
    #expect(!ScriptRename.isAutomatic("c1a") && !ScriptRename.isAutomatic("d1"))
  }
}
