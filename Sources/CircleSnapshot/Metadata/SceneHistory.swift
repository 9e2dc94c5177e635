import CircleCanvas
import Foundation

/// The scenes of a folder of goldens, in one file beside the folder: `<folder>.history`.
///
/// A failing frame is explained by what changed in its scene since its golden was recorded;
/// the golden's scene is kept here rather than in each PNG, as one line per golden holding only
/// what changed since the line before (``SceneChange``), so the file grows with the script's
/// steps, not with the whole scene at every step. A line whose scene is one seen a little
/// earlier (an undo back to it) says so by number instead of repeating its circles.
///
/// The file is JSON Lines: a first line `{"circles-history":1}`, then one object a golden, in
/// the order the goldens were recorded:
///
/// ```
/// {"circles-history":1}
/// {"canvas":{"background":"#ffffff","height":300,"scale":1,"width":400},"name":"0000-start"}
/// {"name":"0001-add-sun","put":[{"at":[180,45],"fill":"#ffd700","id":"sun","r":26}]}
/// {"name":"0002-clear","remove":["sun"]}
/// {"name":"0003-undo-clear","same":1}
/// ```
struct SceneHistory: Sendable {
  /// One golden's line.
  struct Entry: Hashable, Sendable, Codable {
    /// The golden's name without `.png`.
    var name: String
    /// The number (0-based) of an earlier line whose scene this one is, unchanged.
    var same: Int?
    var canvas: SceneChange.Canvas?
    var remove: [String]?
    var put: [StoredCircle]?
    var order: [String]?
    /// The stored digest of the golden's image when the line was written (see
    /// `PNGImageKey.storedDigest`): a golden replaced since is no longer this line's scene.
    var image: String?

    init(name: String, change: SceneChange) {
      self.name = name
      canvas = change.canvas
      remove = change.remove
      put = change.put
      order = change.order
    }

    init(name: String, same: Int) {
      self.name = name
      self.same = same
    }

    var change: SceneChange {
      SceneChange(canvas: canvas, remove: remove, put: put, order: order)
    }
  }

  /// The lines, in order.
  var entries: [Entry] = []

  /// The first line of every history.
  ///
  /// Made afresh on each use: a `Data` held in a global keeps its storage behind a tagged
  /// pointer, which LeakSanitizer cannot follow and reports as a leak at exit.
  static var header: Data { Data("{\"circles-history\":1}\n".utf8) }
  /// The largest history read: 64 MiB (a history of 5000 steps adding a circle each takes
  /// about half a megabyte).
  static let maximumBytes = 64 << 20

  /// The history file of a golden folder: its name with `.history`, in the same parent.
  static func fileName(forFolder name: String) -> String { name + ".history" }

  /// Reads a history file's bytes.
  ///
  /// - Throws: ``SceneHistoryError`` when they are not a history this version reads.
  init(data: Data) throws(SceneHistoryError) {
    guard data.starts(with: Self.header) else {
      throw .malformed("the file does not start with {\"circles-history\":1}")
    }
    let decoder = JSONDecoder()
    var lineNumber = 1
    for line in data.dropFirst(Self.header.count).split(separator: UInt8(ascii: "\n")) {
      lineNumber += 1
      do {
        let entry = try decoder.decode(Entry.self, from: Data(line))
        if let same = entry.same, !(0..<entries.count).contains(same) {
          throw SceneHistoryError.malformed("line \(lineNumber) refers to a later line")
        }
        entries.append(entry)
      } catch let error as SceneHistoryError {
        throw error
      } catch {
        throw .malformed("line \(lineNumber) is not a history entry")
      }
    }
  }

  init() {}

  /// The file's bytes: the header, then one line an entry, with sorted keys.
  var data: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = Self.header
    for entry in entries {
      // Plain values only: encoding cannot fail.
      data.append((try? encoder.encode(entry)) ?? Data("{}".utf8))
      data.append(UInt8(ascii: "\n"))
    }
    return data
  }
}

/// Why a golden history could not be read.
enum SceneHistoryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file is not a history, or a line does not fit the lines before it.
  case malformed(String)

  var description: String {
    switch self {
    case .malformed(let reason): "the history is damaged: \(reason)"
    }
  }
}

/// Writes a history from scenes given in order, each line holding what changed since the last.
struct SceneRecorder: Sendable {
  private(set) var history = SceneHistory()
  /// The last scene, in storage of the recorder's own, extended as circles are added on top.
  private var previous = CanvasState()
  /// Scenes around large changes, by line number: where an undo may come back to.
  private var recent: [(line: Int, scene: CanvasState)] = []
  /// A change naming at least this many circles is worth looking for in `recent`.
  static let largeChange = 32
  /// Scenes kept in `recent`.
  static let recentCount = 8

  /// Adds a golden's scene, with the stored digest of the golden's image if known.
  mutating func append(name: String, scene: CanvasState, image: String? = nil) {
    defer { history.entries[history.entries.count - 1].image = image }
    let change = SceneChange.between(previous, scene)
    let line = history.entries.count
    if change.size >= Self.largeChange {
      if let earlier = recent.last(where: { $0.scene == scene }) {
        history.entries.append(SceneHistory.Entry(name: name, same: earlier.line))
      } else {
        history.entries.append(SceneHistory.Entry(name: name, change: change))
      }
      if line > 0, !recent.contains(where: { $0.line == line - 1 }) {
        recent.append((line - 1, previous))
      }
      recent.append((line, scene.withOwnStorage()))
      if recent.count > Self.recentCount { recent.removeFirst(recent.count - Self.recentCount) }
    } else {
      history.entries.append(SceneHistory.Entry(name: name, change: change))
    }
    if let added = scene.circlesAdded(since: previous),
      scene.width == previous.width, scene.height == previous.height,
      scene.scale == previous.scale, scene.background == previous.background
    {
      previous.appendKeepingLineage(added)
    } else {
      previous = scene.withOwnStorage()
    }
  }
}

/// Reads the scenes of a history by name, replaying its lines from the start, forwards.
///
/// Asking for names in the order of the lines costs one pass over the history in all; asking
/// for an earlier one starts again from the top.
final class SceneReader {
  private let history: SceneHistory
  private let lines: [String: Int]
  /// For each line referred to by a later `same`, the last line that refers to it.
  private let lastUse: [Int: Int]
  private var position = 0
  private var current = CanvasState()
  /// The ids of `current`'s circles, while known: what tells a line that only adds circles on
  /// top, which is then applied in place, in `current`'s lineage, without a look at the others.
  /// Reading a history of n such lines took time in the square of n without it: 20,000 frames
  /// of added circles took 90 s to record, 2000 took 1.9 s.
  private var ids: Set<String>? = []
  private var kept: [Int: CanvasState] = [:]
  /// The first line that could not be applied; scenes from there on are unknown.
  private var broken: Int?

  init(_ history: SceneHistory) {
    self.history = history
    var lines: [String: Int] = [:]
    var lastUse: [Int: Int] = [:]
    for (line, entry) in history.entries.enumerated() {
      lines[entry.name] = line
      if let same = entry.same { lastUse[same] = line }
    }
    self.lines = lines
    self.lastUse = lastUse
  }

  /// Whether the history has a line for the name.
  func contains(_ name: String) -> Bool { lines[name] != nil }

  /// The names the history has lines for.
  var names: Dictionary<String, Int>.Keys { lines.keys }

  /// The names of its lines, in order: the order of the history the goldens were last written
  /// for.
  var orderedNames: [String] { history.entries.map(\.name) }

  /// The stored digest of the golden's image the line of `name` was written for, if any.
  func image(named name: String) -> String? { lines[name].flatMap { history.entries[$0].image } }

  /// The scene of the golden named `name`; `nil` when the history has none or cannot give it.
  func scene(named name: String) -> CanvasState? {
    guard let line = lines[name] else { return nil }
    if let broken, line >= broken { return nil }
    if line < position {
      position = 0
      current = CanvasState()
      ids = []
      kept = [:]
    }
    while position <= line {
      let entry = history.entries[position]
      do {
        if let same = entry.same {
          guard let scene = kept[same] else { throw SceneHistoryError.malformed("no line \(same)") }
          current = scene
          ids = nil
        } else if let added = try entry.change.circlesAddedOnTop(of: current, ids: &ids) {
          current.appendKeepingLineage(added)
        } else {
          current = try entry.change.applied(to: current)
          ids = nil
        }
      } catch {
        broken = position
        return nil
      }
      if lastUse[position] != nil { kept[position] = current }
      kept = kept.filter { (lastUse[$0.key] ?? 0) > position }
      position += 1
    }
    return current
  }
}
