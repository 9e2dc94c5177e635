import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

extension GoldenSession {
  /// What was found of one image while comparing it with its golden: all but its status, which
  /// the plan gives.
  struct Outcome {
    var comparison: ImageComparison?
    var goldenSize: PixelSize?
    var problem: String?
    var error: String?
    var sceneDiff: [String] = []
    var notes: [String] = []
    var diff = false
    var strip = false
    var verdict = GoldenPlan.Verdict.differs
  }

  /// Pairs the images with the goldens, compares what differs pixel by pixel, works out the
  /// check's whole plan, checks its rules and applies it, and reports every image and golden.
  ///
  /// Call it once, after every image was handed over with ``encoded(_:png:)`` (or
  /// ``failed(_:error:)``).
  ///
  /// - Parameter stoppedEarly: whether the script stopped before its end (a failed `expect`):
  ///   goldens without an image are then neither reported nor touched.
  /// - Returns: each image in script order, then the goldens that have no image.
  package func finish(stoppedEarly: Bool = false) -> ScriptResult {
    let all = images.all
    let items = all.filter { !$0.superseded && $0.encoded }
    let pictures = store.pictures
    let goldens = store.goldens.indices.map { index in
      let file = store.goldens[index]
      return GoldenPlan.Golden(
        name: file.name, slug: file.slug, isFrame: file.isFrame, picture: pictures[index])
    }
    var planImages = items.map { item in
      GoldenPlan.Image(
        name: item.name, slug: item.slug, byName: item.byName, picture: item.picture,
        usable: item.error == nil, exact: item.exact)
    }
    let golden = GoldenScenes(store: store)
    let order = GoldenPlan.historyOrder(
      of: goldens, listed: golden.history?.orderedNames ?? [])
    let pairs = GoldenPlan.pairs(images: planImages, goldens: goldens, order: order)
    let current = SceneReader(images.history)
    var outcomes = [Outcome](repeating: Outcome(), count: items.count)
    var comparisons: [Comparison] = []
    for (index, item) in items.enumerated() {
      guard let match = pairs[index] else {
        outcomes[index].notes.append(FrameResult.noGoldenNote)
        continue
      }
      outcomes[index].goldenSize = store.imageKey(of: match).map {
        PixelSize(width: $0.width, height: $0.height)
      }
      if item.identical == match || (item.picture != nil && item.picture == pictures[match]) {
        outcomes[index].verdict = .same
      } else if item.error == nil {
        comparisons.append(Comparison(outcome: index, item: item, golden: match))
      }
    }
    compare(comparisons, into: &outcomes, current: current, golden: golden)
    var verdicts: [Int: GoldenPlan.Verdict] = [:]
    for index in pairs.keys {
      verdicts[index] = outcomes[index].verdict
      if outcomes[index].error != nil { planImages[index].usable = false }
    }
    let rules = GoldenPlan.Rules(
      record: options.record, prune: options.prune && !stoppedEarly,
      reportsOrphans: !stoppedEarly, selects: { [options] in options.selects($0) })
    let plan = GoldenPlan(
      images: planImages, goldens: goldens, pairs: pairs, order: order, verdicts: verdicts,
      rules: rules)
    let violations = plan.violations
    var errors: [Int: String] = [:]
    if violations.isEmpty {
      errors = apply(plan, items: items)
      if !plan.operations.isEmpty || (options.record.isRecording && golden.disagrees) {
        writeHistory(plan, items: items, outcomes: outcomes, scenes: golden)
      }
    } else {
      // Never reached by any sequence the model-based tests try; should it be, nothing is
      // written and the check is an error (exit 2) that says why.
      let reason =
        "the check's plan for the golden folder breaks its rules (\(violations.joined(separator: "; "))); "
        + "nothing was written"
      for index in items.indices { errors[index] = reason }
    }
    tidyArtifacts(plan, items: items, outcomes: outcomes)
    // Only a whole script's check owns its artifacts folder: a snapshot, one image of a folder
    // its test file's other snapshots share, is finished as stopped early and sweeps nothing.
    if !stoppedEarly { artifacts.removeLeftovers(keeping: Set(items.map(\.path))) }
    artifacts.removeIfEmpty(below: items.map(\.path))
    var ownerName: [Int: String] = [:]
    for (image, golden) in pairs { ownerName[golden] = items[image].name }
    let frames = plan.entries.enumerated().map { index, entry in
      var frame = frameResult(of: entry, items: items, outcomes: outcomes, error: errors[index])
      // A frame without a golden whose name holds another frame's moved golden.
      if entry.status == .missing, let held = store.index[frame.name], let owner = ownerName[held] {
        frame.problem =
          "no golden of its own yet: '\(store.displayPath(of: held))' is the golden of \(owner), "
          + "which moved there"
      }
      return frame
    }
    var result = ScriptResult(
      script: script, goldenDirectory: store.location.url, frames: frames,
      failsOnOrphans: options.failsOnOrphans, stoppedEarly: stoppedEarly,
      unreachedGoldens: stoppedEarly ? goldens.count - Set(pairs.values).count : 0,
      commandOptions: options.commandOptions, failsOnRecorded: options.failsWhenRecording)
    result.suggestsLocally = options.suggestsLocally
    return result
  }

  /// The report's entry for an image or a golden without one.
  private func frameResult(
    of entry: GoldenPlan.Entry, items: [GoldenImages.Item], outcomes: [Outcome], error: String?
  ) -> FrameResult {
    let goldenURL = store.location.url
    func url(_ name: String) -> URL { goldenURL.appendingPathComponent(name + ".png") }
    guard let index = entry.image else {
      let file = store.goldens[entry.golden!]
      return FrameResult(
        name: file.name, status: entry.status, golden: url(file.name),
        goldenSize: store.imageKey(of: entry.golden!).map {
          PixelSize(width: $0.width, height: $0.height)
        }, error: error)
    }
    let item = items[index]
    let outcome = outcomes[index]
    var movedFrom: URL?
    if let golden = entry.golden, store.goldens[golden].name != item.name {
      movedFrom = url(store.goldens[golden].name)
    }
    var artifacts: FrameArtifacts?
    let failing = entry.status == .failed || entry.status == .missing
    if failing, item.spilled || item.identical != nil {
      let folder = self.artifacts
      artifacts = FrameArtifacts(
        actual: folder.url(of: item.path, suffix: ".actual.png"),
        diff: outcome.diff ? folder.url(of: item.path, suffix: ".diff.png") : nil,
        strip: outcome.strip ? folder.url(of: item.path, suffix: ".strip.png") : nil)
    }
    // A golden that cannot be read is an error while it stays; replaced, it is history.
    var error = error ?? item.error ?? outcome.error
    var goldenUnreadable = false
    if error == nil, entry.status == .failed, outcome.verdict == .unreadable {
      error = outcome.problem
      goldenUnreadable = true
    }
    var notes = outcome.notes
    if let note = entry.note { notes.append(note) }
    var frame = FrameResult(
      name: item.name, status: entry.status, golden: url(item.name), movedFrom: movedFrom,
      location: item.location, isRender: item.isRender, comparison: outcome.comparison,
      goldenSize: outcome.goldenSize, actualSize: item.size,
      problem: outcome.verdict == .unreadable && error != nil ? nil : outcome.problem,
      error: error, sceneDiff: outcome.sceneDiff, notes: notes, artifacts: artifacts)
    frame.renamed = entry.renamed
    frame.wasMissing = entry.found == .missing
    frame.goldenUnreadable = goldenUnreadable
    return frame
  }

  /// Removes the artifacts of images that passed, moved or were recorded, and writes the
  /// actual image of a failure that pass one did not (its picture was that of another golden).
  private func tidyArtifacts(
    _ plan: GoldenPlan, items: [GoldenImages.Item], outcomes: [Outcome]
  ) {
    for entry in plan.entries {
      guard let index = entry.image else { continue }
      let item = items[index]
      let failing = entry.status == .failed || entry.status == .missing
      if failing, !item.spilled, item.identical != nil, let data = recordableBytes(of: item) {
        try? artifacts.write(data, of: item.path, suffix: ".actual.png")
      }
      var stale: [String] = []
      if !failing { stale.append(".actual.png") }
      if !failing || !outcomes[index].diff { stale.append(".diff.png") }
      if !failing || !outcomes[index].strip { stale.append(".strip.png") }
      artifacts.remove(of: item.path, suffixes: stale)
    }
  }
}

/// The scenes of the goldens: from the history beside the golden folder, else from the
/// scene a golden made by an older circles carries in its own text chunks.
final class GoldenScenes {
  private let store: GoldenStore
  private var reader: SceneReader?
  private var loaded = false
  /// Why the history could not be read, if it could not.
  private(set) var problem: String?

  init(store: GoldenStore) {
    self.store = store
  }

  /// The history as read, or `nil` when there is none or it is damaged.
  var history: SceneReader? {
    if !loaded {
      loaded = true
      let name = SceneHistory.fileName(forFolder: store.location.name)
      if let parent = store.parent, parent.contains(name) {
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
    if trusts(golden), let scene = history?.scene(named: store.goldens[golden].name) {
      return scene
    }
    return bytes.flatMap { try? GoldenMetadata(png: $0) }?.scene
  }

  /// Whether the history has a line for the golden that agrees with its image (a line of an
  /// older circles, without a digest, is taken as it is).
  func trusts(_ golden: Int) -> Bool {
    let name = store.goldens[golden].name
    guard let history, history.contains(name) else { return false }
    guard let stored = history.image(named: name) else { return true }
    return store.imageKey(of: golden)?.storedDigest == stored
  }

  /// Whether some line of the history disagrees with the image of its golden, so that a record
  /// rewrites the history.
  var disagrees: Bool {
    guard history != nil else { return false }
    return store.goldens.indices.contains { golden in
      history?.contains(store.goldens[golden].name) == true && !trusts(golden)
    }
  }
}
