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
    ]
  }
}
