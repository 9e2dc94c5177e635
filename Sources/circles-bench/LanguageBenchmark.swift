import CircleCanvas
import CircleScript
import Foundation

/// The script language's own costs: a loop of a million moves in one group, in process and
/// through the binary, and a 1000-step loop against the same 1000 steps written out.
///
/// Each expression is compiled once, when the script is parsed; a pass of a loop evaluates the
/// compiled forms and makes its change, so the time should grow in step with the passes and a
/// loop should write its frames as fast as the lines it stands for.
enum LanguageBenchmark {
  /// A host that counts frames and keeps nothing: the interpreter and the canvas alone.
  final class CountingHost: ScriptHost {
    var frames = 0
    func scriptDidProduceFrame(_ frame: Frame) throws { frames += 1 }
    func scriptRender(_ state: CanvasState, toPath path: String) throws {}
    func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour { state.background }
  }

  /// `repeat <passes>` of `move a by (sin(i) * 2),(cos(i) * 2)` inside one group: one frame.
  static func walk(passes: Int) -> String {
    """
    canvas 200x200
    add a at 100,100 r 4
    group "Walk" {
      repeat \(passes) as i {
        move a by (sin(i) * 2),(cos(i) * 2)
      }
    }

    """
  }

  /// 1000 steps on a 400×300 canvas, each adding a circle: as a loop, or written out.
  static func steps(loop: Bool) -> String {
    var script = "canvas 400x300 background #102030\n"
    if loop {
      script += """
        repeat 1000 as i {
          add c{i} at (i * 37 % 400),(i * 91 % 300) r (2 + i % 9) fill hsl(i * 7, 70%, 55%)
        }

        """
    } else {
      for i in 0..<1000 {
        script +=
          "add c\(i) at \(i * 37 % 400),\(i * 91 % 300) r \(2 + i % 9) fill hsl(\(i * 7), 70%, 55%)\n"
      }
    }
    return script
  }

  /// 1000 steps of `steps(loop:)` made by a procedure called in a loop.
  static func stepsByCalls() -> String {
    """
    canvas 400x300 background #102030
    def dot(i) {
      add c{i} at (i * 37 % 400),(i * 91 % 300) r (2 + i % 9) fill hsl(i * 7, 70%, 55%)
    }
    repeat 1000 as i {
      dot(i)
    }

    """
  }

  /// A tree of calls 10 deep, each call adding a circle and calling itself twice below the
  /// tenth level: 2047 calls, 2047 steps; or the same 2047 `add`s written out, in the order the
  /// calls make them.
  static func tree(recursive: Bool) -> String {
    var script = "canvas 400x300 background #102030\n"
    if recursive {
      script += """
        def branch(n, x) {
          add at (x * 37 % 400),(n * 27 + 12) r (1 + n % 4) fill hsl(n * 30, 70%, 55%)
          if n < 10 {
            branch(n + 1, x * 2)
            branch(n + 1, x * 2 + 1)
          }
        }
        branch(0, 1)

        """
    } else {
      func branch(_ n: Int, _ x: Int) {
        script +=
          "add at \(x * 37 % 400),\(n * 27 + 12) r \(1 + n % 4) fill hsl(\(n * 30), 70%, 55%)\n"
        guard n < 10 else { return }
        branch(n + 1, x * 2)
        branch(n + 1, x * 2 + 1)
      }
      branch(0, 1)
    }
    return script
  }

  /// A procedure that calls itself without end: it stops at the depth limit, with an error.
  static let endless = "def f(n) {\n  add at (n % 50),(n % 40) r 1\n  f(n + 1)\n}\nf(0)\n"

  /// `--walk-in-process`: seconds to parse and run the walk of `passes` passes in this process,
  /// median of `runs`, after one untimed run of a million, so that every size finds the heap
  /// grown alike. Run in a process of its own, whose heap no other workload has grown.
  static func inProcess(passes: Int, runs: Int) throws -> Double {
    _ = try inProcess(walk(passes: 1_000_000), runs: 1)
    return try inProcess(walk(passes: passes), runs: runs)
  }

  /// Seconds to parse and run a script in process, median of `runs`.
  static func inProcess(_ text: String, runs: Int) throws -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let host = CountingHost()
      let start = DispatchTime.now()
      let script = try Parser.parse(text, fileName: "walk.circles")
      try Interpreter(host: host).run(script)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
      precondition(host.frames == 3, "the walk made \(host.frames) frames, not 3")
    }
    return times.sorted()[times.count / 2]
  }

  /// Runs the benchmarks and returns the rows of their report.
  ///
  /// - Parameters:
  ///   - circles: the release `circles` binary.
  ///   - folder: a fresh folder to write scripts and frames into.
  ///   - runs: how many runs each median is taken over.
  static func rows(circles: String, in folder: String, runs: Int) throws -> [BenchRow] {
    func write(_ text: String, _ name: String) throws -> String {
      let path = folder + "/" + name
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    var outputs = 0
    /// Medians of `circles run` on each script, the runs interleaved in turn (a b, b a, a b, …)
    /// so that a slow moment of the machine, or a run's place after another's writes, falls on
    /// each alike.
    func binary(_ scripts: String...) -> [(wall: Double, user: Double)] {
      var times = Array(repeating: [RunMeasure](), count: scripts.count)
      for round in 0..<runs {
        let order = Array(scripts.enumerated())
        for (index, script) in round % 2 == 0 ? order : order.reversed() {
          outputs += 1
          let measure = Launcher.run(circles, ["run", script, "-o", folder + "/out-\(outputs)"])
          precondition(measure.status == 0, "circles run \(script) failed")
          times[index].append(measure)
        }
      }
      return times.map {
        (Measures.median($0.map(\.seconds)), Measures.median($0.map(\.userSeconds)))
      }
    }
    func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

    let passes = [100_000, 1_000_000]
    let inside = try passes.map { passes in
      let text = try Launcher.output(
        Launcher.benchmark, ["--walk-in-process", "\(passes)", "\(runs)"])
      guard let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw CocoaError(.executableLoad)
      }
      return seconds
    }
    let million = try write(walk(passes: 1_000_000), "walk-1m.circles")
    let hundredThousand = try write(walk(passes: 100_000), "walk-100k.circles")
    let walks = binary(hundredThousand, million)
    let (throughBinarySmall, throughBinary) = (walks[0].wall, walks[1].wall)
    let steps = binary(
      try write(steps(loop: true), "steps-loop.circles"),
      try write(steps(loop: false), "steps-written.circles"))
    let (looped, written) = (steps[0].wall, steps[1].wall)
    let called = binary(
      try write(stepsByCalls(), "steps-calls.circles"),
      try write(Self.steps(loop: false), "steps-written-again.circles"))
    let trees = binary(
      try write(tree(recursive: true), "tree-recursive.circles"),
      try write(tree(recursive: false), "tree-unrolled.circles"))
    // Each pair's frames are the same files, byte for byte: the last two runs wrote them.
    try sameFrames(folder + "/out-\(outputs - 3)", folder + "/out-\(outputs - 2)")
    try sameFrames(folder + "/out-\(outputs - 1)", folder + "/out-\(outputs)")
    var endlessTimes: [Double] = []
    let endlessScript = try write(endless, "endless.circles")
    for _ in 0..<runs {
      outputs += 1
      let measure = Launcher.run(
        circles, ["run", endlessScript, "-o", folder + "/out-\(outputs)", "--frames", "none"])
      precondition(measure.status == 2, "the endless recursion did not stop with an error")
      endlessTimes.append(measure.seconds)
    }
    let endlessSeconds = Measures.median(endlessTimes)

    let growth = inside[1] / inside[0]
    let loopRatio = looped / written
    // The kernel's part of a run is mostly creating the frame files, whose cost on a busy
    // machine swings by more than the whole interpreter: the program's own time says more.
    let userRatio = steps[0].user / steps[1].user
    return [
      BenchRow(
        "loop: 1,000,000 passes of a `move` with `sin` and `cos`, `circles run`",
        seconds(throughBinary), "2 s", ratio: throughBinary / 2, atMost: 1),
      BenchRow(
        "loop: 1,000,000 passes against 100,000, parse and run in process",
        seconds(inside[1]), seconds(inside[0]), ratio: growth, atMost: 12),
      BenchRow(
        "loop: 1,000,000 passes against 100,000, `circles run`", seconds(throughBinary),
        seconds(throughBinarySmall), ratio: throughBinary / throughBinarySmall, atMost: 12),
      BenchRow(
        "1000 steps as a loop, against the same steps written out", seconds(looped),
        seconds(written), ratio: loopRatio, atMost: 1.05),
      BenchRow(
        "1000 steps as a loop, against written out: processor time in circles",
        seconds(steps[0].user), seconds(steps[1].user), ratio: userRatio, atMost: 1.05),
      BenchRow(
        "1000 steps as calls of a procedure in a loop, against written out",
        seconds(called[0].wall),
        seconds(called[1].wall), ratio: called[0].wall / called[1].wall, atMost: 1.10),
      BenchRow(
        "recursion 10 deep, 2 calls a level (2047 calls), against its 2047 steps unrolled",
        seconds(trees[0].wall), seconds(trees[1].wall), ratio: trees[0].wall / trees[1].wall,
        atMost: 1.10),
      BenchRow(
        "a procedure calling itself without end, to the error at depth 1000, `circles run`",
        seconds(endlessSeconds), "1 s", ratio: endlessSeconds, atMost: 1),
    ]
  }

  /// Checks that two folders hold the same PNG files with the same bytes.
  static func sameFrames(_ first: String, _ second: String) throws {
    let files = FileManager.default
    let names = try files.contentsOfDirectory(atPath: first).filter { $0.hasSuffix(".png") }
      .sorted()
    let others = try files.contentsOfDirectory(atPath: second).filter { $0.hasSuffix(".png") }
      .sorted()
    precondition(names == others && !names.isEmpty, "\(first) and \(second) hold other frames")
    for name in names {
      precondition(
        files.contentsEqual(atPath: first + "/" + name, andPath: second + "/" + name),
        "\(name) differs between \(first) and \(second)")
    }
  }
}
