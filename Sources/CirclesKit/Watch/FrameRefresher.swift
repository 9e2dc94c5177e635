import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// What one refresh of a frame folder did.
public struct RefreshResult: Sendable {
  /// The frames of the run, in order.
  public var frames: [Frame]
  /// How many frame files were written because their content changed or they were missing.
  public var rewritten: Int
  /// Files written or confirmed by `render` commands.
  public var renders: [URL]
  /// The failure that stopped the script, if any; the frames before it are in the folder.
  public var failure: ScriptFailure?
  /// Circles on the canvas when the script stopped.
  public var circleCount: Int
}

/// Runs a script and brings its frame folder up to date in one format, writing only the frames
/// whose content changed.
///
/// A frame whose state equals the one this refresher last wrote under the same name is not even
/// drawn again; any other is encoded and written only when its bytes differ from the file on
/// disk. Frame files (of any of the three formats) that the run did not produce are removed,
/// so the folder shows one run. `circles run --watch` keeps one refresher for its whole session;
/// `circles run --format svg|pdf` uses one for a single run.
public final class FrameRefresher {
  /// The folder of the frames; created when missing.
  public let outputDirectory: URL
  /// The format frames and `render` targets are written in.
  public let format: FrameFormat
  /// For PNG frames, speed against size.
  public var compression = PNGCompression.default
  private var lastWritten: [String: CanvasState] = [:]

  /// Creates a refresher for a folder and a format.
  public init(outputDirectory: URL, format: FrameFormat) {
    self.outputDirectory = outputDirectory
    self.format = format
  }

  /// Parses and runs the script, writing changed frames as they are produced.
  ///
  /// - Returns: what was written, and the failure that stopped the script, if any.
  /// - Throws: `RunError.script` for a syntax error; nothing is written then.
  public func refresh(_ source: ScriptSource) throws(RunError) -> RefreshResult {
    let script: Script
    do {
      script = try Script.parse(source.bytes, fileName: source.fileName)
    } catch {
      throw .script(.syntax(error))
    }
    let host = CanvasHost(renderDirectory: outputDirectory)
    host.renderFormat = format
    host.keepsFrames = true
    var names: Set<String> = []
    var rewritten = 0
    host.onFrame = { [unowned self, unowned host] frame in
      let name = frame.name + "." + format.fileExtension
      names.insert(name)
      if try write(frame.state, named: name, image: host.image(of:)) { rewritten += 1 }
    }
    let interpreter = Interpreter(host: host)
    var failure: ScriptFailure?
    do {
      try interpreter.run(script)
    } catch {
      failure = error
    }
    removeStaleFrames(keeping: names)
    return RefreshResult(
      frames: host.frames, rewritten: rewritten, renders: host.renders, failure: failure,
      circleCount: interpreter.canvas.circles.count)
  }

  /// Writes one frame file unless it is known or found to hold the same picture.
  private func write(
    _ state: CanvasState, named name: String,
    image: (CanvasState) throws(RenderError) -> PixelImage
  ) throws -> Bool {
    let url = outputDirectory.appendingPathComponent(name)
    if lastWritten[name] == state, FileManager.default.fileExists(atPath: url.path) {
      return false
    }
    let data = try format.encode(state, compression: compression, image: image)
    let written = try ChangedFile.write(data, to: url)
    lastWritten[name] = state
    return written
  }

  /// Removes frame files of any format that this run did not produce.
  private func removeStaleFrames(keeping names: Set<String>) {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: outputDirectory.path)) ?? []
    for file in files where !names.contains(file) && Self.isFrameFile(file) {
      try? FileManager.default.removeItem(at: outputDirectory.appendingPathComponent(file))
      lastWritten[file] = nil
    }
  }

  /// Whether a file name has the form of a frame: digits, `-`, a slug, a frame extension.
  static func isFrameFile(_ name: String) -> Bool {
    FrameFolder.isFrameName(name)
  }
}
