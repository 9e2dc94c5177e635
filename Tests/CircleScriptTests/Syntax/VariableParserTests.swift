import Testing

@testable import CircleScript

/// How `let`, `seed`, `repeat` and interpolations parse.
@Suite("Parser: variables and loops")
struct VariableParserTests {
  @Test("let names a variable; the rest of the line is its expression, spaces and all")
  func letForms() throws {
    for source in ["let r = r * 2 + 1", "let r=r*2+1", "let r = (r * 2) + 1"] {
      let script = try Parser.parse(source, fileName: "t.circles")
      guard case .let(let name, let value) = script.statements[0].command else {
        Issue.record("'\(source)' is not a let")
        continue
      }
      #expect(name.name == "r")
      #expect(
        name.range == SourceRange(start: .init(file: "t.circles", line: 1, column: 5), length: 1))
      #expect(script.variables == ["r"])
      #expect(value.constant == nil)
      #expect(value.range.end.column == source.count + 1)
    }
  }

  @Test("a number written in parentheses is known when the script is parsed")
  func constants() throws {
    let script = try Parser.parse("let a = (4)\nlet b = -2\nlet c = -(2)", fileName: "t")
    let values = script.statements.compactMap { statement -> Double? in
      if case .let(_, let value) = statement.command { value.constant } else { nil }
    }
    #expect(values == [4, -2, -2])
  }

  @Test("seed takes a whole number, written or computed")
  func seed() throws {
    let script = try Parser.parse("seed 42\nseed (n)", fileName: "t")
    guard case .seed(let first) = script.statements[0].command,
      case .seed(let second) = script.statements[1].command
    else {
      Issue.record("not seeds")
      return
    }
    #expect(first.constant == 42)
    #expect(second.constant == nil)
  }

  @Test("repeat has a count, an optional name and a body; loops and groups nest")
  func repeatForms() throws {
    let script = try Parser.parse(
      """
      repeat 3 {
        clear
      }
      repeat (n) as i {
        group "g {i}" {
          repeat 2 as j {
            add a{i}-{j} at i,j r 1
          }
        }
      }
      """, fileName: "t")
    #expect(script.statements.count == 2)
    guard case .repeat(let count, nil, let body) = script.statements[0].command else {
      Issue.record("not a plain repeat")
      return
    }
    #expect(count.constant == 3)
    #expect(body.map(\.command) == [.clear])
    guard case .repeat(_, let variable?, let outer) = script.statements[1].command,
      case .group(let name, let inner) = outer.first?.command,
      case .repeat(_, let column?, let innermost) = inner.first?.command,
      case .add(let id?, _) = innermost.first?.command
    else {
      Issue.record("not nested blocks")
      return
    }
    #expect(variable.name == "i")
    #expect(column.name == "j")
    #expect(name.constant == nil)
    #expect(name.shown == "g {…}")
    #expect(id.skeleton == "a0-0")
    #expect(script.variables == ["n", "i", "j"])
    #expect(script.statements[1].command.isChange)
  }

  @Test("a word without braces is plain text; a string's escaped braces are braces")
  func plainText() throws {
    let script = try Parser.parse(
      "group \"a \\{b\\}\" {\n  add x at 1,1 r 1\n}\nexpect undo \"a {b}\"", fileName: "t")
    guard case .group(let name, _) = script.statements[0].command,
      case .expect(.undo(let expected?)) = script.statements[1].command
    else {
      Issue.record("not a group and an expect")
      return
    }
    #expect(name.constant == "a {b}")
    #expect(expected.constant == nil)
    #expect(script.variables == ["b"])
    let outcome = run("group \"a \\{b\\}\" {\n  add x at 1,1 r 1\n}\nexpect undo \"a \\{b\\}\"")
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    #expect(outcome.host.frameNames == ["0000-start", "0001-a-b"])
  }
}
