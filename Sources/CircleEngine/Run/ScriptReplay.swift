import CircleCanvas
import CircleRender
import CircleScript
import CircleSystem

/// Runs a script again, writing nothing, to stop it with an error where a run that wrote each
/// file before going on would have stopped.
///
/// Frames are written on other threads while the script goes on, so a frame that cannot be
/// written is known only some commands later; and a `render` learns that a later frame wants
/// its file only when that frame comes. Scripts are deterministic (`random` is seeded), so
/// running the script again up to the frame or the `render` in question reaches the same
/// command, and the interpreter locates the error there, as for any error of that command.
package enum ScriptReplay {
  /// Where to stop: at the frame of a number, or at a `render` (0 for the first of the run).
  package enum Stop: Equatable {
    case frame(Int)
    case render(Int)
  }

  /// The failure the script gives when `error` is thrown at `stop`, and the canvas as it is
  /// then, or `nil` if the script does not get there.
  package static func failure(
    of script: Script, stoppingAt stop: Stop, with error: any Error
  ) -> (failure: ScriptFailure, canvas: Canvas)? {
    let host = Host(stop: stop, error: error)
    let interpreter = Interpreter(host: host)
    do {
      try interpreter.run(script)
      return nil
    } catch {
      return host.stopped ? (error, interpreter.canvas) : nil
    }
  }

  /// The failure of a run whose frames were written on other threads, stopped where a run
  /// writing each file before going on would have stopped: at the frame that could not be
  /// written, or at the `render` whose file a later frame wanted.
  ///
  /// - Returns: the failure and the canvas then; `stopped` and `canvas` when neither happened.
  package static func relocate(
    _ stopped: ScriptFailure?, canvas: Canvas, of script: Script,
    failedFrame: (frame: Int, error: any Error)?, clash: FrameFolder.Clash?
  ) -> (failure: ScriptFailure?, canvas: Canvas) {
    let found: (failure: ScriptFailure, canvas: Canvas)?
    if let failedFrame {
      found = failure(of: script, stoppingAt: .frame(failedFrame.frame), with: failedFrame.error)
    } else if let clash {
      found = failure(
        of: script, stoppingAt: .render(clash.render), with: FileError(reason: clash.description))
    } else {
      found = nil
    }
    return found.map { ($0.failure, $0.canvas) } ?? (stopped, canvas)
  }

  /// A host that draws only for `expect pixel` and throws at the stop.
  final class Host: ScriptHost {
    let stop: Stop
    let error: any Error
    private(set) var stopped = false
    private var renders = 0
    private let renderer = IncrementalRenderer()

    init(stop: Stop, error: any Error) {
      self.stop = stop
      self.error = error
    }

    func scriptDidProduceFrame(_ frame: Frame) throws {
      guard stop == .frame(frame.number) else { return }
      stopped = true
      throw error
    }

    func scriptRender(_ state: CanvasState, toPath path: String) throws {
      defer { renders += 1 }
      guard stop == .render(renders) else { return }
      stopped = true
      throw error
    }

    func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
      try renderer.pixel(of: state, x: x, y: y)
    }
  }
}
