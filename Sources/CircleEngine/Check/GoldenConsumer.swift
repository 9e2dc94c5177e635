import CircleCanvas
import CircleRender
import CircleScript
import CircleSnapshot
import Foundation

/// What `circles check` makes of the states its engine reaches: each frame and `render` target,
/// encoded as `circles run` encodes it, handed to a ``GoldenSession``, no image kept once it is
/// handed over.
///
/// The engine draws on the calling thread; encoding happens beside it on the other cores and
/// the session's comparison on a thread of its own (`FramePipeline`), a bounded number of
/// frames at a time, so memory depends on the size of a frame, not on how many there are.
final class GoldenConsumer: FrameConsumer {
  let session: GoldenSession
  private let pipeline: FramePipeline
  /// The frames' names, and the `render` targets' names with where they were asked for.
  private(set) var frameNames: Set<String> = []
  private(set) var renders: [(name: String, range: SourceRange)] = []
  /// Where each frame's picture was set: the change commands that made it, by frame name, and
  /// the `canvas` command (the start frame's).
  private(set) var provenance = FrameProvenance()

  init(session: GoldenSession, parallel: Bool = true) {
    self.session = session
    pipeline = FramePipeline(parallel: parallel)
  }

  func consume(_ frame: EngineFrame) throws {
    frameNames.insert(frame.frame.name)
    provenance.add(frame.frame)
    let index = session.add(
      name: frame.frame.name,
      location: (frame.frame.anchor ?? frame.frame.range).map(Self.location),
      scene: frame.state)
    try submit(index, try frame.encoded())
  }

  func consume(_ render: EngineRender) throws {
    // The parser keeps paths relative, without `..`, ending in `.png`.
    let name = render.path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    let stem = String(name.dropLast(4))
    renders.append((stem, render.site.command))
    let index = session.add(
      name: stem, isRender: true, location: Self.location(render.site.command),
      scene: render.state)
    try submit(index, try render.encoded())
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

  private func submit(_ index: Int, _ picture: EncodedPicture) throws {
    let session = session
    try pipeline.submit(
      frame: index, { try picture.bytes() }, then: { session.encoded(index, png: $0) })
  }

  static func location(_ range: SourceRange) -> ScriptLocation {
    ScriptLocation(line: range.start.line, column: range.start.column, length: max(1, range.length))
  }
}
