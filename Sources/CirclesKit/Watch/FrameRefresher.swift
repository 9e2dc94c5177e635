import CircleCanvas
import CircleEngine
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// What one refresh of a frame folder did.
package struct RefreshResult: Sendable {
  /// The frames of the run, in order.
  package var frames: [Frame]
  /// How many frame files were written because their content changed or they were missing.
  package var rewritten: Int
  /// Files written or confirmed by `render` commands.
  package var renders: [URL]
  /// The failure that stopped the script, if any; the frames before it are in the folder.
  package var failure: ScriptFailure?
  /// Circles on the canvas when the script stopped.
  package var circleCount: Int
  /// Files of the user's that stood where frames were written, and the names they are kept
  /// under.
  package var setAside: [SetAsideFile] = []
}

/// Runs a script and brings its frame folder up to date in one format, writing only the frames
/// whose content changed.
///
/// A frame whose state equals the one this refresher last wrote under the same name, in a file
/// that is still the one written, is not even drawn again; any other is encoded and written
/// only when its bytes differ from the file on disk. Each refresh is one run into the folder
/// (`FrameFolder`): it holds the folder's lock while it runs, writes beneath the folder only,
/// and removes the frames of the run before it (of any of the three formats) that it did not
/// produce, by the manifest, so the folder shows one run. `circles run --watch` keeps one
/// refresher for its whole session.
package final class FrameRefresher {
  /// The folder of the frames; created when missing.
  package let outputDirectory: URL
  /// How messages name the folder (as the user typed it).
  package let displayPath: String
  /// The format frames and `render` targets are written in.
  package let format: FrameFormat
  /// For PNG frames, speed against size.
  package var compression = PNGCompression.default
  /// Called with a line to show when another run holds the folder, before waiting for it.
  package var whenBusy: (String) -> Void = { _ in }
  private var lastWritten: [String: (state: CanvasState, file: FileIdentity)] = [:]

  /// Creates a refresher for a folder and a format.
  ///
  /// - Parameters:
  ///   - outputDirectory: the folder of the frames.
  ///   - displayPath: how messages name it; its path unless given.
  ///   - format: the format of frames and `render` targets.
  package init(outputDirectory: URL, displayPath: String? = nil, format: FrameFormat) {
    self.outputDirectory = outputDirectory
    self.displayPath = displayPath ?? outputDirectory.path
    self.format = format
  }

  /// Parses and runs the script, writing changed frames as they are produced.
  ///
  /// - Returns: what was written, and the failure that stopped the script, if any.
  /// - Throws: `RunError.script` for a syntax error; nothing is written then.
  ///   `RunError.cannotWrite` when the folder, its lock or its manifest cannot be written.
  package func refresh(_ source: ScriptSource) throws(RunError) -> RefreshResult {
    let script: Script
    do {
      script = try source.parsed()
    } catch {
      throw .script(.syntax(error))
    }
    let folder = try FrameFolder(
      opening: outputDirectory, displayPath: displayPath, whenBusy: whenBusy)
    let writer = Writer(refresher: self, folder: folder)
    let engine = FrameEngine(
      options: FrameEngine.Options(format: format, compression: compression), consumer: writer)
    let (canvas, stopped) = engine.run(script)
    // A `render` learns that a later frame wants its file only when that frame comes.
    let failure = writer.clash?.failure ?? stopped
    do {
      try folder.finish()
    } catch {
      if failure == nil { throw error }
    }
    lastWritten = lastWritten.filter { folder.identity(ofFrameNamed: $0.key) == $0.value.file }
    return RefreshResult(
      frames: writer.frames, rewritten: writer.rewritten, renders: writer.renders,
      failure: failure, circleCount: writer.clash?.circleCount ?? canvas.circles.count,
      setAside: folder.setAside)
  }

  /// Writes the frames and `render` targets of one refresh.
  private final class Writer: FrameConsumer {
    unowned let refresher: FrameRefresher
    let folder: FrameFolder
    private(set) var frames: [Frame] = []
    private(set) var renders: [URL] = []
    private(set) var rewritten = 0
    /// The `render` whose file a later frame wanted, if one did: the run stopped there.
    private(set) var clash: LateFailure?

    init(refresher: FrameRefresher, folder: FrameFolder) {
      self.refresher = refresher
      self.folder = folder
    }

    func consume(_ frame: EngineFrame) throws {
      let name = frame.frame.name + "." + refresher.format.fileExtension
      do throws(FrameFolder.Clash) {
        try folder.claimFrame(named: name, number: frame.frame.number)
      } catch {
        clash = error.renderFailure
        throw error
      }
      if try refresher.write(frame, named: name, into: folder) { rewritten += 1 }
      frames.append(frame.frame)
    }

    func consume(_ render: EngineRender) throws {
      let target = try RenderPath(render.path, fileExtension: refresher.format.fileExtension)
      renders.append(
        try folder.writeRender(
          try render.encoded().bytes(), to: target, site: (render.site, render.state.circles.count),
          onlyIfChanged: true))
    }
  }

  /// Writes one frame file unless it is known or found to hold the same picture.
  private func write(
    _ frame: EngineFrame, named name: String, into folder: FrameFolder
  ) throws -> Bool {
    let state = frame.state
    if let last = lastWritten[name], last.state == state,
      folder.keepFrame(named: name, ifStill: last.file)
    {
      return false
    }
    let data = try frame.encoded().bytes()
    let written = !folder.keepFrame(named: name, holding: data)
    if written { try folder.writeFrame(data, named: name) }
    lastWritten[name] = folder.identity(ofFrameNamed: name).map { (state, $0) }
    return written
  }
}
