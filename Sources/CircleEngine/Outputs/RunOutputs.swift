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

/// What `circles run` makes of the states its engine reaches: the frame files (all, the last or
/// none) through the writer, and the animation and the contact sheet from the pictures the
/// engine already draws, as the script runs.
final class RunOutputs: FrameConsumer {
  let writer: FrameWriter
  let selection: FrameSelection
  private let animation: AnimationRecorder?
  /// Whether a frame could not be added to the animation.
  private var animationFailed = false
  private let highlightsAnimation: Bool
  private let sheet: ContactSheetRecorder?
  private let sheetURL: URL?
  /// With `.last`, the latest frame and where it was asked for, its state kept apart.
  private var last: (frame: Frame, site: OutputSite)?
  private var lastState = KeptState()

  /// The animation `options` ask for, its temporary file created now (before anything else
  /// of the run is written).
  ///
  /// - Throws: `RunError.cannotWrite` when the animation cannot be created.
  static func animation(for options: RunOptions) throws(RunError) -> AnimationRecorder? {
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
  init(writer: FrameWriter, options: RunOptions, animation: AnimationRecorder?) {
    self.writer = writer
    selection = options.frames
    highlightsAnimation = options.animation?.highlightsChanges ?? false
    self.animation = animation
    sheetURL = options.sheet
    sheet = options.sheet.map { _ in ContactSheetRecorder() }
  }

  /// What the engine must do for these outputs: the writer's format, and the state of the
  /// frame before kept for the animation and the sheet, which outline undo and redo.
  static func engineOptions(for options: RunOptions) -> FrameEngine.Options {
    FrameEngine.Options(
      format: options.format, compression: options.compression,
      tracksChanges: options.animation != nil || options.sheet != nil,
      maximumKeptChanges: options.maximumKeptChanges)
  }

  func consume(_ frame: EngineFrame) throws {
    switch selection {
    case .all:
      try writer.write(
        frame.frame, site: frame.site, circleCount: frame.state.circles.count,
        picture: frame.encoded)
    case .last:
      var kept = frame.frame
      kept.state = CanvasState()
      last = (kept, frame.site)
      lastState.keep(frame.state)
    case .none: break
    }
    guard animation != nil || sheet != nil else { return }
    let renderer = try frame.pixels()
    let damage = renderer.takeDamage()
    let highlight = frame.highlight
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
      renderer, damage: damage, state: frame.state, label: SheetWriter.label(for: frame.frame),
      highlight: highlight)
  }

  func consume(_ render: EngineRender) throws {
    try writer.write(render)
  }

  /// Hands the last frame to the writer when only the last is written.
  ///
  /// - Parameter engine: the engine of the run, which encodes it.
  /// - Returns: the frame's failure, located at its command, when it cannot be written.
  func writeLastFrame(on engine: FrameEngine) -> LateFailure? {
    guard selection == .last, let last, let state = lastState.state else { return nil }
    let circleCount = state.circles.count
    do {
      try writer.write(last.frame, site: last.site, circleCount: circleCount) {
        try engine.encoded(state)
      }
      return nil
    } catch {
      return LateFailure(site: last.site, circleCount: circleCount, error: error)
    }
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
    let url = folder.standardizedFileURL
    guard let parent = try? FolderHandle.open(url.deletingLastPathComponent()),
      let opened = try? parent.existingFolder(at: url.lastPathComponent),
      let names = try? opened.entries().map(\.name),
      Set(names).isSubset(of: [FrameFolder.lockName, FrameFolder.manifestName])
    else { return }
    for name in names { try? opened.remove(name) }
    _ = parent.removeFolderIfEmpty(url.lastPathComponent)
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
