import CircleCanvas
import CircleScript
import Testing

/// Every numeric position of the language given a value it must refuse: a clear error at the
/// value, exit code 2, nothing run after it, never a trap.
@Suite("Bad values in every numeric position")
struct BadValueTests {
  /// Scripts in which `@` marks a numeric position; the lines before it set up what it needs.
  static let positions = [
    "add at @,1 radius 1", "add at 1,@ radius 1", "add at 1,1 radius @",
    "add at 1,1 r 1 width @", "add at 1,1 r 1 opacity @",
    "add a at 1,1 r 1\nmove a to @,1", "add a at 1,1 r 1\nmove a to 1,@",
    "add a at 1,1 r 1\nmove a by @,1", "add a at 1,1 r 1\nmove a by 1,@",
    "add a at 1,1 r 1\nset a at @,1", "add a at 1,1 r 1\nset a at 1,@",
    "add a at 1,1 r 1\nset a r @", "add a at 1,1 r 1\nset a width @",
    "add a at 1,1 r 1\nset a opacity @",
    "canvas @x10", "canvas 10x@", "canvas 10x10 scale @",
    "add a at 1,1 r 1\nundo @", "add a at 1,1 r 1\nundo\nredo @", "limit @",
    "expect count @", "expect pixel @,1 white", "expect pixel 1,@ white",
    "expect pixel 1,1 white within @",
  ]

  /// Values no numeric position accepts.
  static let values = [
    "nan", "NaN", "inf", "-inf", "infinity", "+Inf", "1e999", "1e3", "99999999999999999999",
    "-99999999999999999999", "0x10", "1_000", "--1", "1..2", ".", "-", "٣", "１",
  ]

  @Test("each refused value is an error at the value", arguments: positions)
  func refusedEverywhere(position: String) {
    for value in Self.values {
      let source = position.replacingOccurrences(of: "@", with: value)
      let lines = position.split(separator: "\n", omittingEmptySubsequences: false)
      let line = lines.count
      let column =
        lines.last!.distance(from: lines.last!.startIndex, to: lines.last!.firstIndex(of: "@")!) + 1
      let outcome = ScriptRun(source)
      guard let failure = outcome.failure, failure.isError else {
        Issue.record("'\(source)' gave \(String(describing: outcome.failure)), not an error")
        continue
      }
      let diagnostic = failure.diagnostic
      let range = diagnostic.range
      #expect(range.start.line == line, "'\(source)': \(diagnostic)")
      #expect(
        range.start.column <= column && column < range.start.column + max(range.length, 1),
        "'\(source)': the caret is not under the value: \(diagnostic)")
      #expect(!diagnostic.message.isEmpty)
      #expect(outcome.frames.count <= line, "'\(source)': something ran after the error")
    }
  }

  @Test(
    "values at the edge of a range are kept or refused exactly",
    arguments: [
      ("add at 1000000,-1000000 r 1000000 width 1000000 opacity 1", true),
      ("add at 1000000.000001,0 r 1", false),
      ("add at 0,0 r -0.000001", false),
      ("add at 0,0 r 1 opacity 1.000001", false),
      ("add at 0,0 r 1 opacity -0", true),
      ("add a at 999999,0 r 1\nmove a by 1,0", true),
      ("add a at 999999,0 r 1\nmove a by 2,0", false),
      ("add a at -1000000,0 r 1\nmove a by -1000000,0", false),
      ("canvas 16384x1", true),
      ("canvas 16385x1", false),
      ("canvas 0x1", false),
      ("canvas 8192x4 scale 2", true),
      ("canvas 8192x4 scale 2.0001", false),
      ("canvas 2x2 scale 0", false),
      ("canvas 2x2 scale -1", false),
      ("canvas 2x2 scale 0.0000001", true),
      ("limit 2147483647", true),
      ("undo 2147483648", false),
      ("undo 0", false),
      ("undo -1", false),
      ("undo 99999999999999999999", false),
      ("redo 99999999999999999999", false),
    ])
  func edges(source: String, isValid: Bool) {
    let outcome = ScriptRun(source)
    if isValid {
      #expect(outcome.failure == nil, "'\(source)': \(String(describing: outcome.failure))")
    } else {
      guard let failure = outcome.failure, failure.isError else {
        Issue.record("'\(source)' gave \(String(describing: outcome.failure)), not an error")
        return
      }
      #expect(failure.diagnostic.severity == .error)
    }
  }

  @Test("the message for a huge undo count says what is allowed")
  func hugeUndo() {
    let outcome = ScriptRun("add a at 1,1 r 1\nundo 99999999999999999999")
    let text = outcome.rendered ?? ""
    #expect(text.hasPrefix("scene.circles:2:6: error: "), "\(text)")
    #expect(text.contains("^"), "\(text)")
    // The whole script is checked before it runs: not even the start frame is made.
    #expect(outcome.frames.isEmpty)
  }
}

/// A script parsed and run against a recording host, as `circles run` would run it.
struct ScriptRun {
  var failure: ScriptFailure?
  var frames: [Frame]
  var canvas: Canvas?
  var source: String

  init(_ source: String) {
    self.source = source
    let host = FrameRecorder()
    do {
      let script = try Parser.parse(source, fileName: "scene.circles")
      let interpreter = Interpreter(host: host)
      canvas = interpreter.canvas
      try interpreter.run(script)
    } catch let errors as SyntaxErrors {
      failure = .syntax(errors)
    } catch let scriptFailure as ScriptFailure {
      failure = scriptFailure
    } catch {
      Issue.record("unexpected error type: \(error)")
    }
    frames = host.frames
  }

  /// The failure as the CLI prints it.
  var rendered: String? {
    failure.map { DiagnosticPrinter().render($0.diagnostics, source: Array(source.utf8)) }
  }
}
