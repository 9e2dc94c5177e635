import CircleCanvas
import CircleRender
import Foundation

extension GoldenSession {
  /// What became of one image or golden, worked out at the end.
  struct Outcome {
    var item: Int?
    var golden: Int?
    var status: FrameStatus
    var comparison: ImageComparison?
    var goldenSize: PixelSize?
    var problem: String?
    var error: String?
    var sceneDiff: [String] = []
    var notes: [String] = []
    var diff = false
    var strip = false
    /// Whether the golden holds this image's picture (byte for byte, or within the options).
    var equivalent = false
    /// Whether the golden was renamed to the image's name.
    var renamed = false
  }

  /// Aligns the images with the goldens, compares what differs pixel by pixel, records,
  /// renames and prunes as the options ask, and reports every image and golden.
  ///
  /// Call it once, after every image was handed over with ``encoded(_:png:)`` (or
  /// ``failed(_:error:)``).
  ///
  /// - Parameter stoppedEarly: whether the script stopped before its end (a failed `expect`):
  ///   goldens after its last frame are then neither reported nor touched.
  /// - Returns: each image in script order, then the goldens that have no image.
  package func finish(stoppedEarly: Bool = false) -> ScriptResult {
    let items = itemsLock.withLock { self.items }
    let live = items.indices.filter { !items[$0].superseded && items[$0].encoded }
    let pairs = pairs(items, live)
    let paired = Set(pairs.values)
    var outcomes: [Outcome] = []
    let current = SceneReader(scenes.history)
    let golden = GoldenScenes(session: self)
    var comparisons: [Comparison] = []
    for index in live {
      let item = items[index]
      var outcome = Outcome(item: index, status: .missing)
      outcome.error = item.error
      if let match = pairs[index] {
        outcome.golden = match
        outcome.goldenSize = imageKey(of: match).map {
          PixelSize(width: $0.width, height: $0.height)
        }
        if item.identical == match || (item.picture != nil && item.picture == goldenPicture[match])
        {
          outcome.equivalent = true
        } else if item.error == nil {
          comparisons.append(Comparison(outcome: outcomes.count, item: item, golden: match))
        }
      } else {
        outcome.notes.append(FrameResult.noGoldenNote)
      }
      outcomes.append(outcome)
    }
    compare(comparisons, into: &outcomes, current: current, golden: golden)
    for position in outcomes.indices {
      guard let index = outcomes[position].item, let match = outcomes[position].golden else {
        continue
      }
      let passed = outcomes[position].equivalent && items[index].error == nil
      outcomes[position].status =
        !passed ? .failed : goldens[match].name == items[index].name ? .passed : .moved
    }
    let unpaired = goldens.indices.filter { !paired.contains($0) }
    if !stoppedEarly {
      for index in unpaired {
        outcomes.append(Outcome(golden: index, status: .orphan))
      }
    }
    if options.record.isRecording || options.prune {
      update(&outcomes, items: items, golden: golden)
    }
    tidyArtifacts(outcomes, items: items)
    artifacts = nil
    removeEmptyArtifactFolders()
    return ScriptResult(
      script: script, goldenDirectory: location.url,
      frames: outcomes.map { result(of: $0, items: items) },
      failsOnOrphans: options.failsOnOrphans, stoppedEarly: stoppedEarly,
      unreachedGoldens: stoppedEarly ? unpaired.count : 0, commandOptions: options.commandOptions,
      failsOnRecorded: options.failsWhenRecording)
  }

  /// The golden each image is checked against: frames by alignment, `render` targets by name.
  private func pairs(_ items: [Item], _ live: [Int]) -> [Int: Int] {
    let renderNames = Set(live.filter { items[$0].byName }.map { items[$0].name })
    let frames = live.filter { !items[$0].byName }
    let history = goldens.indices.filter {
      goldens[$0].isFrame && !renderNames.contains(goldens[$0].name)
    }.sorted { GoldenFile.historyOrder(goldens[$0], goldens[$1]) }
    let matches = GoldenAlignment.matches(
      frames: frames.map { GoldenAlignment.Step(slug: items[$0].slug, picture: items[$0].picture) },
      goldens: history.map {
        GoldenAlignment.Step(slug: goldens[$0].slug, picture: goldenPicture[$0])
      })
    var pairs: [Int: Int] = [:]
    for match in matches { pairs[frames[match.frame]] = history[match.golden] }
    for index in live where items[index].byName {
      if let match = goldenIndex[items[index].name] { pairs[index] = match }
    }
    return pairs
  }

  /// The report's entry for an outcome.
  private func result(of outcome: Outcome, items: [Item]) -> FrameResult {
    let goldenURL = location.url
    func url(_ name: String) -> URL { goldenURL.appendingPathComponent(name + ".png") }
    guard let index = outcome.item else {
      let file = goldens[outcome.golden!]
      return FrameResult(
        name: file.name, status: outcome.status, golden: url(file.name),
        goldenSize: outcome.goldenSize, problem: outcome.problem, error: outcome.error,
        notes: outcome.notes)
    }
    let item = items[index]
    var movedFrom: URL?
    if let golden = outcome.golden, goldens[golden].name != item.name {
      movedFrom = url(goldens[golden].name)
    }
    var artifacts: FrameArtifacts?
    if outcome.status == .failed || outcome.status == .missing,
      item.spilled || item.identical != nil
    {
      let folder = artifactsURL
      func file(_ suffix: String) -> URL { folder.appendingPathComponent(item.name + suffix) }
      artifacts = FrameArtifacts(
        actual: file(".actual.png"), diff: outcome.diff ? file(".diff.png") : nil,
        strip: outcome.strip ? file(".strip.png") : nil)
    }
    return FrameResult(
      name: item.name, status: outcome.status, golden: url(item.name), movedFrom: movedFrom,
      location: item.location, isRender: item.isRender, comparison: outcome.comparison,
      goldenSize: outcome.goldenSize, actualSize: item.size, problem: outcome.problem,
      error: outcome.error, sceneDiff: outcome.sceneDiff, notes: outcome.notes,
      artifacts: artifacts)
  }

  /// The bytes a record of the image writes (and its actual artifact holds): the artifact
  /// written in pass one, or the image of a byte-identical golden with this renderer's text.
  func recordableBytes(of item: Item) -> Data? {
    if item.spilled, let artifacts = existingArtifacts(),
      let (base, leaf) = try? place(of: item.name + ".actual.png", in: artifacts),
      let data = try? base.contents(ofFileNamed: leaf, limit: Int.max)
    {
      return data
    }
    guard let identical = item.identical, let data = read(identical, limit: Int.max),
      let image = PNGImageKey.imageOnly(data)
    else { return nil }
    return goldenBytes(image)
  }
}

/// The scenes of the goldens: from the history beside the golden folder, else from the
/// scene a golden made by an older circles carries in its own text chunks.
final class GoldenScenes {
  private unowned let session: GoldenSession
  private var reader: SceneReader?
  private var loaded = false
  /// Why the history could not be read, if it could not.
  private(set) var problem: String?

  init(session: GoldenSession) {
    self.session = session
  }

  /// The history as read, or `nil` when there is none or it is damaged.
  var history: SceneReader? {
    if !loaded {
      loaded = true
      let name = SceneHistory.fileName(forFolder: session.location.name)
      if let parent = session.parent, parent.contains(name) {
        do {
          let data = try parent.contents(ofFileNamed: name, limit: SceneHistory.maximumBytes)
          reader = SceneReader(try SceneHistory(data: data))
        } catch let error as SceneHistoryError {
          problem = error.description
        } catch {
          problem = "\(error)"
        }
      }
    }
    return reader
  }

  /// The scene of a golden, given its bytes for the older kind: from the history when its line
  /// was written for the image the golden holds now (a line written before the image was
  /// replaced, by a record killed between the two, is not this golden's scene).
  func scene(of golden: Int, bytes: Data?) -> CanvasState? {
    if trusts(golden), let scene = history?.scene(named: session.goldens[golden].name) {
      return scene
    }
    return bytes.flatMap { try? GoldenMetadata(png: $0) }?.scene
  }

  /// Whether the history has a line for the golden that agrees with its image (a line of an
  /// older circles, without a digest, is taken as it is).
  func trusts(_ golden: Int) -> Bool {
    let name = session.goldens[golden].name
    guard let history, history.contains(name) else { return false }
    guard let stored = history.image(named: name) else { return true }
    return session.imageKey(of: golden)?.storedDigest == stored
  }

  /// Whether some line of the history disagrees with the image of its golden, so that a record
  /// rewrites the history.
  var disagrees: Bool {
    guard history != nil else { return false }
    return session.goldens.indices.contains { golden in
      history?.contains(session.goldens[golden].name) == true && !trusts(golden)
    }
  }
}
