import CircleCanvas
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// An animation written by a run.
package struct WrittenAnimation: Sendable {
  /// The file.
  package var url: URL
  /// Frames in it.
  package var frames: Int
  /// Its size in bytes.
  package var bytes: Int
}

/// A contact sheet written by a run.
package struct WrittenSheet: Sendable {
  /// The file.
  package var url: URL
  /// Its grid.
  package var layout: ContactSheetLayout
}

/// The script host of `circles run` around the frame writer: passes on the frames the run
/// writes (all, the last or none) and builds the animation and the contact sheet from the
/// pictures the writer's renderer already draws, as the script runs.
final class RunOutputs: ScriptHost {
  let writer: FrameWriter
  let selection: FrameSelection
  private let animation: AnimationRecorder?
  /// Whether a frame could not be added to the animation.
  private var animationFailed = false
  private let highlightsAnimation: Bool
  private let sheet: ContactSheetRecorder?
  private let sheetURL: URL?
  /// The state of the frame shown last, for the change an undo or redo frame shows.
  private var previous = KeptState()
  /// With `.last`, the latest frame, its state kept apart.
  private var last: (number: Int, action: String, direction: Frame.Direction)?
  private var lastState = KeptState()

  /// The animation `options` ask for, its temporary file created now (before anything else
  /// of the run is written).
  ///
  /// - Throws: `RunError.cannotWrite` when the animation cannot be created.
  static func animation(for options: FrameOptions) throws(RunError) -> AnimationRecorder? {
    guard let chosen = options.animation else { return nil }
    do {
      return try AnimationRecorder(
        url: chosen.url, format: chosen.format, delay: chosen.delay, lastDelay: chosen.lastDelay)
    } catch {
      throw RunError(writing: chosen.url, error)
    }
  }

  /// Starts the outputs around a writer.
  ///
  /// - Parameter animation: the animation made by `animation(for:)` from the same options.
  init(writer: FrameWriter, options: FrameOptions, animation: AnimationRecorder?) {
    self.writer = writer
    selection = options.frames
    highlightsAnimation = options.animation?.highlightsChanges ?? false
    self.animation = animation
    sheetURL = options.sheet
    sheet = options.sheet.map { _ in ContactSheetRecorder() }
  }

  func scriptDidProduceFrame(_ frame: Frame) throws {
    switch selection {
    case .all: try writer.scriptDidProduceFrame(frame)
    case .last:
      last = (frame.number, frame.action, frame.direction)
      lastState.keep(frame.state)
    case .none: break
    }
    guard animation != nil || sheet != nil else { return }
    let renderer = writer.renderer
    try renderer.update(to: frame.state)
    let damage = renderer.takeDamage()
    let highlight = frame.highlight(after: previous.state)
    do {
      try animation?.record(
        renderer, damage: damage, state: frame.state,
        highlight: highlightsAnimation ? highlight : nil)
    } catch {
      // Reported at the frame's command; the animation is then left unwritten, unreported.
      animationFailed = true
      throw error
    }
    sheet?.record(
      renderer, damage: damage, state: frame.state, label: SheetWriter.label(for: frame),
      highlight: highlight)
    previous.keep(frame.state)
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    try writer.scriptRender(state, toPath: path)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try writer.scriptPixel(in: state, x: x, y: y)
  }

  /// The number of the frame that `writeLastFrame()` writes.
  var lastFrameNumber: Int? { last?.number }

  /// Hands the last frame to the writer when only the last is written.
  ///
  /// - Throws: what writing it throws.
  func writeLastFrame() throws {
    guard selection == .last, let last, let state = lastState.state else { return }
    try writer.scriptDidProduceFrame(
      Frame(number: last.number, action: last.action, state: state, direction: last.direction))
  }

  /// Writes the animation and the sheet.
  ///
  /// - Returns: what was written, and what could not be.
  func finish() -> (animation: WrittenAnimation?, sheet: WrittenSheet?, problems: [RunError]) {
    var problems: [RunError] = []
    var written: WrittenAnimation?
    if let animation, animationFailed {
      animation.discard()
    } else if let animation {
      do {
        let bytes = try animation.finish()
        written = WrittenAnimation(url: animation.url, frames: animation.frameCount, bytes: bytes)
      } catch {
        problems.append(RunError(writing: animation.url, error))
      }
    }
    var sheetWritten: WrittenSheet?
    if let sheet, let sheetURL {
      do {
        // Whole or absent through a rename, not forced to disk: as the frames are written.
        let data = try sheet.png(compression: .fast)
        try RenderError.writing { () throws(FileError) in
          try AtomicFile.write(data, to: sheetURL, syncingFolder: false, flushing: false)
        }
        sheetWritten = WrittenSheet(url: sheetURL, layout: sheet.layout)
      } catch {
        problems.append(RunError(writing: sheetURL, error))
      }
    }
    return (written, sheetWritten, problems)
  }
}

extension RunOutputs {
  /// Removes an output folder that a run with `--frames none` made and left holding nothing
  /// but circles' own lock and manifest, so that asking for no frames leaves no folder. Only
  /// those two names are removed, and the folder only if it is then empty.
  static func removeUnusedFolder(_ folder: URL) {
    let path = folder.standardizedFileURL.path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    guard Set(names).isSubset(of: [FrameFolder.lockName, FrameFolder.manifestName]) else { return }
    for name in names { unlink(path + "/" + name) }
    rmdir(path)
  }
}

extension RunError {
  /// The error for an output file of a run that could not be written.
  init(writing url: URL, _ error: RenderError) {
    if case .cannotWrite(_, let reason) = error {
      self = .cannotWrite(path: url.standardizedFileURL.path, reason: reason)
    } else {
      self = .cannotWrite(path: url.standardizedFileURL.path, reason: error.description)
    }
  }
}
