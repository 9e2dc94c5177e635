import CircleCanvas
import CircleRender
import CircleScript
import CircleSnapshot
import Foundation

/// The script host of `circles check`: draws each frame and `render` target, encodes it as
/// `circles run` does and hands it to a ``GoldenSession``, keeping no image once it is handed
/// over.
///
/// Drawing happens on the calling thread, repainting only what changed (`IncrementalRenderer`);
/// encoding happens beside it on the other cores and the session's comparison on a thread of its
/// own (`FramePipeline`), a bounded number of frames at a time, so memory depends on the size of
/// a frame, not on how many there are. A state reached again (by undo or redo) is encoded once.
final class GoldenHost: ScriptHost {
  let session: GoldenSession
  let fileName: String
  private let renderer = IncrementalRenderer()
  private let cache = EncodedFrameCache()
  private let encoder = PNGSequenceEncoder(compression: .default)
  private let pipeline: FramePipeline
  /// The frames' names, and the `render` targets' names with where they were asked for.
  private(set) var frameNames: Set<String> = []
  private(set) var renders: [(name: String, range: SourceRange)] = []
  /// Where each frame's picture was set: the change commands that made it, by frame name, and
  /// the `canvas` command (the start frame's).
  private(set) var provenance = FrameProvenance()

  init(session: GoldenSession, fileName: String, parallel: Bool = true) {
    self.session = session
    self.fileName = fileName
    pipeline = FramePipeline(parallel: parallel)
  }

  func scriptDidProduceFrame(_ frame: Frame) throws {
    frameNames.insert(frame.name)
    provenance.add(frame)
    let index = session.add(
      name: frame.name, location: (frame.loop ?? frame.range).map(Self.location),
      scene: frame.state)
    try submit(index, frame.state)
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    let start = SourceLocation(file: fileName, line: 1, column: 1)
    try scriptRender(state, toPath: path, at: SourceRange(start: start, length: 0))
  }

  func scriptRender(_ state: CanvasState, toPath path: String, at range: SourceRange) throws {
    // The parser keeps paths relative, without `..`, ending in `.png`.
    let name = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    let stem = String(name.dropLast(4))
    renders.append((stem, range))
    let index = session.add(
      name: stem, isRender: true, location: Self.location(range), scene: state)
    try submit(index, state)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try renderer.pixel(of: state, x: x, y: y)
  }

  /// Waits for every image to reach the session; an image that could not be made is reported
  /// on it.
  func finish() {
    if let failure = pipeline.finish() {
      session.failed(failure.frame, error: "cannot check image: \(failure.error)")
    }
  }

  /// The `render` targets named like a frame of the same script, with where they were asked
  /// for: such a name would mean two goldens in one file.
  var rendersNamedLikeFrames: [(name: String, range: SourceRange)] {
    renders.filter { frameNames.contains($0.name) }
  }

  private func submit(_ index: Int, _ state: CanvasState) throws {
    let (encoded, encode) = try encodedFrame(for: state)
    let session = session
    try pipeline.submit(
      frame: index,
      {
        encode?()
        return try encoded.bytes()
      },
      then: { session.encoded(index, png: $0) })
  }

  /// The encoded bytes of a state: from the cache, or a new entry with the work that fills it.
  /// The drawing happens here, on the calling thread.
  private func encodedFrame(for state: CanvasState) throws -> (
    EncodedFrame, (@Sendable () -> Void)?
  ) {
    if let known = cache.frame(for: state) { return (known, nil) }
    let encoded = EncodedFrame()
    try renderer.update(to: state)
    // The encoder asks the system for its memory and reports a shortage as an error.
    let prepared = try encoder.prepare(renderer)
    cache.insert(encoded, for: state)
    return (encoded, { encoded.fulfil(Result { try prepared.encode() }) })
  }

  static func location(_ range: SourceRange) -> ScriptLocation {
    ScriptLocation(line: range.start.line, column: range.start.column, length: max(1, range.length))
  }
}
