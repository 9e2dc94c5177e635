import CircleEngine
import CircleSnapshot
import Foundation

/// One image a review asks a decision on: a frame that differs from its golden, has none, or
/// matches one under another name, or a golden without a frame; with what the page shows of it.
package struct ReviewItem: Equatable, Sendable {
  /// A neighbour in the history, shown for context.
  package struct Neighbour: Equatable, Sendable {
    /// The frame's name.
    package var name: String
    /// Its picture as a PNG file (the golden when it matches one, else what was drawn).
    package var image: Data?
  }

  /// What was decided.
  package enum Decision: String, Equatable, Sendable {
    case accepted, rejected
  }

  /// Stable while the session runs: the script's place in the review and the image's name.
  package var id: String
  /// The script's place among the reviewed scripts.
  package var script: Int
  /// The image's place in its script's result: frames in order, then goldens without a frame.
  package var position: Int
  /// The script's name as the user typed it.
  package var scriptName: String
  /// The frame's (or golden's) name.
  package var name: String
  /// `failed`, `missing`, `moved` or `orphan`, as `circles check --json` names them.
  package var status: FrameStatus
  /// The command that made the image, and the text of its line.
  package var location: ScriptLocation?
  package var sourceLine: String?
  /// What the check says of it.
  package var message: String
  /// The scene's changes from the golden's to the frame's, in words.
  package var sceneDiff: [String]
  /// The golden, the differences and the actual picture, as PNG files.
  package var golden: Data?
  package var diff: Data?
  package var actual: Data?
  /// The frames before and after it.
  package var before: Neighbour?
  package var after: Neighbour?
  /// What accepting it does, and the command line that does the same.
  package var acceptance: FrameAcceptance
  /// The decision taken, if one was.
  package var decision: Decision?
  /// Why an earlier decision was cleared, or why accepting was left undone.
  package var note: String?

  /// The picture decided on: what was drawn, or the golden when nothing was (an orphan).
  package var picture: Data? { actual ?? golden }

  /// The item's id: `<script>:<name>`.
  static func id(script: Int, name: String, isOrphan: Bool) -> String {
    "\(script):\(isOrphan ? "golden:" : "")\(name)"
  }
}

extension ReviewItem {
  /// The items of one script's check: each image it has something to accept for, in the order
  /// of its result, with the pictures read from the check's files; at most `limit`, and how many
  /// more there are.
  static func items(
    of check: GoldenSuite.ScriptCheck, script: Int, limit: Int = .max
  ) -> (items: [ReviewItem], more: Int) {
    guard let result = check.result else { return ([], 0) }
    let lines = String(decoding: check.source, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let history = result.frames.indices.filter {
      !result.frames[$0].isRender && ![.orphan, .pruned].contains(result.frames[$0].status)
    }
    func neighbour(_ index: Int?) -> Neighbour? {
      guard let index else { return nil }
      let frame = result.frames[index]
      let file = frame.artifacts?.actual ?? frame.movedFrom ?? frame.golden
      return Neighbour(name: frame.name, image: HTMLReport.readImage(file))
    }
    var items: [ReviewItem] = []
    var more = 0
    for (position, frame) in result.frames.enumerated() {
      guard let acceptance = result.acceptance(of: frame, scriptPath: check.displayName) else {
        continue
      }
      guard items.count < limit else {
        more += 1
        continue
      }
      let isOrphan = frame.status == .orphan
      let goldenFile = isOrphan ? frame.golden : frame.movedFrom ?? frame.golden
      let golden = frame.status == .missing ? nil : HTMLReport.readImage(goldenFile)
      let actual =
        frame.artifacts.flatMap { HTMLReport.readImage($0.actual) }
        ?? (frame.status == .moved ? golden : nil)
      let place = history.firstIndex(of: position)
      let line = frame.location.flatMap { location in
        lines.indices.contains(location.line - 1) ? String(lines[location.line - 1]) : nil
      }
      items.append(
        ReviewItem(
          id: id(script: script, name: frame.name, isOrphan: isOrphan), script: script,
          position: position, scriptName: check.displayName, name: frame.name,
          status: frame.status, location: frame.location, sourceLine: line,
          message: check.message(for: frame), sceneDiff: frame.sceneDiff, golden: golden,
          diff: frame.artifacts?.diff.flatMap(HTMLReport.readImage), actual: actual,
          before: neighbour(place.flatMap { $0 > 0 ? history[$0 - 1] : nil }),
          after: neighbour(place.flatMap { $0 + 1 < history.count ? history[$0 + 1] : nil }),
          acceptance: acceptance))
    }
    return (items, more)
  }
}
