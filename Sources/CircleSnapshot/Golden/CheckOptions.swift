import CircleRender
import CircleSystem
import Foundation

/// How ``GoldenChecker`` and ``GoldenSession`` check the images of a script.
package struct CheckOptions: Sendable {
  /// The folder of goldens; `nil` means `__snapshots__/<script name without .circles>/` beside
  /// the script.
  package var goldenDirectory: URL?
  /// A folder holding one golden folder per script, named after the script (`--golden <dir>`),
  /// used when ``goldenDirectory`` is `nil`.
  package var goldenRoot: URL?
  /// Which goldens may be written; ``RecordMode/none`` (the default) writes none. Any mode that
  /// writes also renames moved goldens.
  package var record: RecordMode
  /// Whether goldens without a frame (orphans) are deleted.
  package var prune: Bool
  /// Whether orphan goldens make the script fail (by default they are only reported).
  package var failsOnOrphans: Bool
  /// Whether goldens recorded for frames that had none fail the check: set when they were
  /// recorded by default (``recordsByDefault(requested:environment:)``).
  package var failsWhenRecording = false
  /// Whether the commands a report suggests are to be run elsewhere: where the `CI` variable is
  /// set, a suggestion says to run it locally and commit what it writes.
  package var suggestsLocally = false
  /// How images are compared; exact by default.
  package var comparison: ComparisonOptions
  /// Where actual, diff and strip images of failures go, in a subfolder per script.
  package var artifactsDirectory: URL
  /// Whether a failure's golden | diff | actual strip is written beside its diff image
  /// (`circles review` shows the three apart and does without).
  package var writesStrips = true
  /// The renderer's identity stored in new goldens and compared with theirs.
  package var renderer: String
  /// Which images recording, renaming and pruning may touch, as names or shell globs
  /// (`0002-add-hill`, `00*-undo-*`, `final`); empty means all. Every image is still checked.
  package var only: [String]
  /// The options a printed command repeats after the script's path (`--golden g`, `--tolerant`),
  /// so that following it chooses the same files.
  package var commandOptions: [String]
  /// The most changes a script's undo history keeps (`--max-undo`); `nil` for the engine's
  /// default, 0 for no bound.
  package var maximumKeptChanges: Int?

  /// Creates options; the defaults compare exactly, write no golden and put artifacts in
  /// `.circles-artifacts/` in the current folder.
  package init(
    goldenDirectory: URL? = nil, goldenRoot: URL? = nil, record: RecordMode = .none,
    prune: Bool = false,
    failsOnOrphans: Bool = false, comparison: ComparisonOptions = .exact,
    artifactsDirectory: URL? = nil, renderer: String = CheckOptions.currentRenderer,
    only: [String] = [], commandOptions: [String] = []
  ) {
    self.goldenDirectory = goldenDirectory
    self.goldenRoot = goldenRoot
    self.record = record
    self.prune = prune
    self.failsOnOrphans = failsOnOrphans
    self.comparison = comparison
    self.artifactsDirectory =
      artifactsDirectory ?? URL(fileURLWithPath: ".circles-artifacts", isDirectory: true)
    self.renderer = renderer
    self.only = only
    self.commandOptions = commandOptions
  }

  /// The renderer of this process: `cairo ` and the loaded Cairo's version.
  package static var currentRenderer: String { "cairo \(cairoVersionString)" }

  /// The default golden folder of a script: `__snapshots__/<name without extension>/` beside it.
  package static func defaultGoldenDirectory(forScript script: URL) -> URL {
    script.deletingLastPathComponent()
      .appendingPathComponent("__snapshots__", isDirectory: true)
      .appendingPathComponent(script.deletingPathExtension().lastPathComponent, isDirectory: true)
  }

  /// The golden folder for a script under these options.
  package func goldenDirectory(forScript script: URL) -> URL {
    GoldenLocation(script: script, options: self, key: Self.key(of: script)).url
  }

  /// A script's name without folder and `.circles`: the name of its golden folder.
  static func key(of script: URL) -> String { script.deletingPathExtension().lastPathComponent }

  /// The record mode a check runs with: the one asked for, else `CIRCLES_RECORD` from the
  /// environment, else ``RecordMode/missing`` on a person's machine and ``RecordMode/none`` in
  /// CI (where the `CI` variable is set), as swift-snapshot-testing, Playwright and Jest do: a
  /// first run records the goldens it lacks (and still fails, ``recordsByDefault(requested:environment:)``),
  /// CI writes nothing it was not asked to.
  ///
  /// - Throws: ``SnapshotError/invalidRecordMode(_:)`` when `CIRCLES_RECORD` holds no mode.
  package static func recordMode(requested: RecordMode?, environment: [String: String])
    throws(SnapshotError) -> RecordMode
  {
    if let requested { return requested }
    if let mode = try RecordMode(environment: environment) { return mode }
    return isContinuousIntegration(environment) ? .none : .missing
  }

  /// Whether a check records missing goldens only because nothing said otherwise: no mode asked
  /// for, no `CIRCLES_RECORD`, not in CI. The goldens it writes then fail the check, so that a
  /// person looks at them before they count.
  package static func recordsByDefault(
    requested: RecordMode?, environment: [String: String]
  ) -> Bool {
    requested == nil && environment[RecordMode.environmentVariable] == nil
      && !isContinuousIntegration(environment)
  }

  /// Whether the environment is a CI system's: `CI` set to anything but the empty text, `0`
  /// or `false` (GitHub Actions, GitLab, Buildkite, CircleCI and most others set `CI=true`).
  package static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"]?.lowercased() else { return false }
    return !["", "0", "false"].contains(value)
  }

  /// The `index`-th (1-based) of `count` shares of the items, for parallel CI jobs: disjoint
  /// shares that together hold every item, each in the order given.
  ///
  /// Items are weighed by the seconds an earlier run took (`seconds(item)`, docs/ci.md): the
  /// longest first, each into the share with the least time so far (the lowest-numbered of
  /// equals). An item without a time weighs the median of those with one, or 1 when none has
  /// one, so that without times the shares are every `count`-th item from the `index`-th on.
  /// The same times give every item the same share again.
  package static func shard<Item>(
    _ items: [Item], index: Int, count: Int, seconds: (Item) -> Double? = { _ in nil }
  ) -> [Item] {
    guard count > 1 else { return items }
    let known = items.compactMap(seconds).filter { $0.isFinite && $0 >= 0 }.sorted()
    let fallback = known.isEmpty ? 1 : known[known.count / 2]
    let weights = items.map { item in
      seconds(item).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? fallback
    }
    let order = weights.indices.sorted {
      weights[$0] > weights[$1] || (weights[$0] == weights[$1] && $0 < $1)
    }
    var totals = [Double](repeating: 0, count: count)
    var share = [Int](repeating: 0, count: items.count)
    for item in order {
      let least = totals.indices.min {
        totals[$0] < totals[$1] || (totals[$0] == totals[$1] && $0 < $1)
      }!
      share[item] = least
      totals[least] += weights[item]
    }
    return items.indices.filter { share[$0] == index - 1 }.map { items[$0] }
  }

  /// Runs a check and then removes the artifacts folder if the check made it and left nothing
  /// in it (images that were all recorded, or passed, leave none).
  package func removingEmptyArtifactsFolder<T>(_ check: () -> T) -> T {
    ArtifactsFolder.removingEmptyRoot(artifactsDirectory, check)
  }

  /// Whether recording, renaming and pruning may touch the image or golden of this name.
  package func selects(_ name: String) -> Bool {
    only.isEmpty || only.contains { pattern in Glob.matches(pattern, name) }
  }
}

/// Shell patterns: `*` any run of characters, `?` one, `[…]` one of a set.
enum Glob {
  static func matches(_ pattern: String, _ name: String) -> Bool {
    fnmatch(pattern, name, 0) == 0
  }
}
