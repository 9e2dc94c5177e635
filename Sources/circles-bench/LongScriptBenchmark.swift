import Foundation

/// Long scripts through the binary: parsing a 10 MB script of 250,000 `add` lines whose last
/// line is an error (the parse alone, as an editor's diagnostics need it), and running the
/// 250,000 adds without frames (the parse, the interpreter and the canvas's id lookups).
///
/// The figures are processor time, which a busy machine disturbs least; the goals are fixed:
/// a second for the parse, five for the run.
enum LongScriptBenchmark {
  /// `count` lines like `add c123 at 12,34 radius 5 fill red`, then `remove` with no id when
  /// `failing`.
  static func script(adds count: Int, failing: Bool) -> String {
    let colours = ["red", "blue", "green", "#ff8800", "cornflowerblue", "black"]
    var text = ""
    text.reserveCapacity(count * 45)
    for number in 1...count {
      text += "add c\(number) at \(number % 500),\(number * 7 % 500) radius \(number % 20 + 1) "
      text += "fill \(colours[number % colours.count])\n"
    }
    if failing { text += "remove\n" }
    return text
  }

  static func rows(circles: String, in folder: String, runs: Int) throws -> [BenchRow] {
    let failing = folder + "/adds-failing.circles"
    let adds = folder + "/adds.circles"
    try script(adds: 250_000, failing: true).write(
      toFile: failing, atomically: true, encoding: .utf8)
    try script(adds: 250_000, failing: false).write(toFile: adds, atomically: true, encoding: .utf8)
    var parses: [Double] = []
    var runsOfAdds: [Double] = []
    for round in 0..<runs {
      let parse = Launcher.run(circles, ["run", failing, "-o", folder + "/out-parse-\(round)"])
      precondition(parse.status == 2, "circles run of the failing script did not fail at parse")
      parses.append(parse.userSeconds)
      let run = Launcher.run(
        circles, ["run", "--frames", "none", adds, "-o", folder + "/out-run-\(round)"])
      precondition(run.status == 0, "circles run --frames none of 250,000 adds failed")
      runsOfAdds.append(run.userSeconds)
    }
    let parse = Measures.median(parses)
    let run = Measures.median(runsOfAdds)
    return [
      BenchRow(
        "10 MB script, 250,000 `add` lines and an error: the parse, processor time",
        String(format: "%.3f s", parse), "1 s", ratio: parse / 1, atMost: 1),
      BenchRow(
        "250,000 `add` lines, `circles run --frames none`, processor time",
        String(format: "%.3f s", run), "5 s", ratio: run / 5, atMost: 1),
    ]
  }
}
