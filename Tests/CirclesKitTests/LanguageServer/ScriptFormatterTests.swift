import CircleScript
import Foundation
import Testing

@testable import CirclesKit

/// Formatting: the house layout, the same program after it, and a second pass that changes
/// nothing.
@Suite("Formatting a script")
struct ScriptFormatterTests {
  /// A script's statements with every position left out, so that two layouts of one program
  /// compare equal and two programs do not.
  static func program(_ text: String) throws -> String {
    func shape(_ value: Any) -> String {
      // Positions: ranges, locations, and the places compiled expressions keep for messages.
      if value is CircleScript.SourceRange || value is CircleScript.SourceLocation
        || "\(type(of: value))" == "Place"
      {
        return "_"
      }
      let mirror = Mirror(reflecting: value)
      guard !mirror.children.isEmpty else { return "\(value)" }
      let children = mirror.children.map { "\($0.label ?? "-"): \(shape($0.value))" }
      return "\(mirror.subjectType)(\(children.joined(separator: ", ")))"
    }
    let script = try Script.parse(text, fileName: "script")
    return shape(script.statements) + shape(script.variables)
  }

  static let untidy = """


    // A scene.
       canvas 200x100   background\twhite
    let r =   4
    add sun at 10,10 radius ( r  *  2 ) fill gold // the sun
    group   "Sky  {1}" {
    repeat 3 as i {
            move sun by i,0      // aligned
     set sun r (r + i)  // too close
    }



        // inside the group
      }
    add "no" at 1,1 r 1
    """

  @Test("the house layout: indentation by block, one space between words, comments kept")
  func layout() throws {
    let text = Self.untidy.replacingOccurrences(of: "add \"no\" at 1,1 r 1", with: "expect count 1")
    #expect(
      try ScriptFormatter.format(text) == """
        // A scene.
        canvas 200x100 background white
        let r = 4
        add sun at 10,10 radius ( r  *  2 ) fill gold // the sun
        group "Sky  {1}" {
          repeat 3 as i {
            move sun by i,0          // aligned
            set sun r (r + i) // too close
          }

          // inside the group
        }
        expect count 1

        """)
  }

  @Test("a script with a syntax error is refused, naming the first")
  func syntaxError() {
    #expect(
      throws: ScriptFormatter.Refusal(
        message: "the script is not formatted while it has syntax errors; the first is at "
          + "line 17: expected a circle id, found string \"no\"")
    ) { try ScriptFormatter.format(Self.untidy) }
    #expect(
      throws: ScriptFormatter.Refusal(
        message: "the script is not formatted while it has syntax errors; the first is at "
          + "line 1: unclosed repeat; add a '}' on a line of its own")
    ) { try ScriptFormatter.format("repeat 2 {\n") }
  }

  @Test("'} else {' and '} else if … {' close one branch and open the next at the if's depth")
  func ifElse() throws {
    let text =
      "repeat 2 as i {\nif i == 0 {\nadd a at 1,1 r 1\n   } else if i > 5 {\n"
      + "    undo\n      }   else   {\nif 1 {\nundo\n}\n}\n}\n"
    #expect(
      try ScriptFormatter.format(text) == """
        repeat 2 as i {
          if i == 0 {
            add a at 1,1 r 1
          } else if i > 5 {
            undo
          } else {
            if 1 {
              undo
            }
          }
        }

        """)
  }

  @Test("a def's body is indented as a block's; its words, calls and return are kept as written")
  func procedures() throws {
    let text =
      "def ring(cx, r)   {\nif r > 2 {\n  ring(cx, r / 2)\n      return\n}\n   }\nring(1, 8)\n"
    #expect(
      try ScriptFormatter.format(text) == """
        def ring(cx, r) {
          if r > 2 {
            ring(cx, r / 2)
            return
          }
        }
        ring(1, 8)

        """)
  }

  static var samples: [URL] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".circles") }.sorted().map {
      folder.appendingPathComponent($0)
    }
  }

  @Test("every sample is already formatted")
  func samplesAreFormatted() throws {
    try #require(Self.samples.count >= 5)
    for sample in Self.samples {
      let text = try String(contentsOf: sample, encoding: .utf8)
      #expect(try ScriptFormatter.format(text) == text, "\(sample.lastPathComponent)")
    }
  }

  /// Samples laid out badly: every line indented at random, the blanks between words (outside
  /// strings, parentheses and comments) made tabs or runs of spaces, blanks at line ends.
  static func scrambled(_ text: String, seed: UInt64) -> String {
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 60)
    }
    return DocumentText.lines(text).enumerated().map { index, line -> String in
      if index == 0, line.hasPrefix("#!") { return String(line) }
      var out = String(repeating: " ", count: next() % 5)
      var inString = false
      var depth = 0
      var previous: Character = " "
      var rest = line.drop { $0 == " " }
      while let character = rest.first {
        rest = rest.dropFirst()
        if !inString, character == "/", rest.first == "/" {
          out += String(character) + rest
          break
        }
        if character == "\"", previous != "\\" { inString.toggle() }
        if !inString, "({".contains(character) { depth += 1 }
        if !inString, ")}".contains(character) { depth = max(0, depth - 1) }
        if character == " ", !inString, depth == 0 {
          out += next() % 2 == 0 ? "\t" : "   "
          rest = rest.drop { $0 == " " }
        } else {
          out.append(character)
        }
        previous = character
      }
      return out + (next() % 3 == 0 ? "  \n" : "")
    }.joined(separator: "\n")
  }

  @Test("formatting keeps the program and a second pass changes nothing", arguments: 0..<3)
  func meaningAndIdempotence(seed: UInt64) throws {
    for sample in Self.samples {
      let text = Self.scrambled(try String(contentsOf: sample, encoding: .utf8), seed: seed)
      let once = try ScriptFormatter.format(text)
      #expect(try Self.program(once) == Self.program(text), "\(sample.lastPathComponent)")
      #expect(try ScriptFormatter.format(once) == once, "\(sample.lastPathComponent)")
    }
    let untidy = Self.untidy.replacingOccurrences(of: "\"no\" ", with: "")
    let once = try ScriptFormatter.format(untidy)
    #expect(try Self.program(once) == Self.program(untidy))
    #expect(try ScriptFormatter.format(once) == once)
  }

  @Test("the program comparison tells programs apart")
  func comparisonSeesChanges() throws {
    #expect(try Self.program("add a at 1,1 r 1") == Self.program("  add   a at 1,1\tr 1  "))
    #expect(try Self.program("add a at 1,1 r 1") != Self.program("add a at 1,2 r 1"))
    #expect(try Self.program("group \"a b\" {\n}") != Self.program("group \"a  b\" {\n}"))
  }

  @Test("\\r\\n line breaks, a byte order mark and a #! line are kept")
  func lineBreaksAndMarks() throws {
    #expect(
      try ScriptFormatter.format("\u{FEFF}#!/usr/bin/env -S circles run \r\n  add a at 1,1 r 1\r\n")
        == "\u{FEFF}#!/usr/bin/env -S circles run \r\nadd a at 1,1 r 1\r\n")
    #expect(try ScriptFormatter.format("") == "")
    #expect(try ScriptFormatter.format("\n\n  \n") == "")
    #expect(try ScriptFormatter.format("clear") == "clear\n")
  }

  @Test("a comment stays at its column when the command ends before it, else one space after")
  func commentColumns() throws {
    // Column 17 (0-based 16): after "add a at 1,1 r 1" (16 characters) there is no room.
    #expect(try ScriptFormatter.format("add a at 1,1 r 1// c\n") == "add a at 1,1 r 1 // c\n")
    #expect(try ScriptFormatter.format("add a at 1,1 r 1 // c\n") == "add a at 1,1 r 1 // c\n")
    #expect(try ScriptFormatter.format("add a at 1,1  r 1 // c\n") == "add a at 1,1 r 1  // c\n")
    #expect(try ScriptFormatter.format("  // c  \n") == "// c\n")
  }
}
