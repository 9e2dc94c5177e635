import CircleRender
import CircleSystem
import Foundation

/// Two folders of images compared as reg-cli does: every PNG paired with the one at the same
/// path in the other folder.
///
/// An image in both folders has passed or *changed* (a diff image and a golden | diff | actual
/// strip are written to the artifacts folder, and the differing pixels counted); one only in the
/// actual folder is *new*, one only in the expected folder *deleted*. Sizes come from the files'
/// headers first: images of different sizes are reported ("size differs: 1280×720 vs
/// 1280×800") and never decoded. Pairs are compared on every core, each holding the budget's
/// pixels for its two decoded images, so memory stays bounded whatever the folders hold.
///
/// Nothing below either folder is reached through a symbolic link: links, hidden files and
/// files that are not PNGs are skipped with a note. A file that is not a PNG inside, or is
/// damaged, is an error on that image (the comparison exits 2), and the others are still
/// compared.
///
/// The result is a ``CheckResult`` of one entry whose ``ScriptResult/comparesFolders`` is set:
/// the text, JSON, JUnit and HTML reports and the exit code are made from it as for `check`.
/// In it a changed image is `failed`, a new one `missing`, a deleted one `orphan` (failing),
/// and with ``update`` an image copied over the expected folder `recorded`, one deleted from
/// it `pruned`.
///
/// ```swift
/// let result = FolderComparison(
///   expected: URL(fileURLWithPath: "baseline"), actual: URL(fileURLWithPath: "screenshots"),
///   artifactsDirectory: URL(fileURLWithPath: ".circles-artifacts")
/// ).run()
/// print(TextReport.lines(for: result).joined(separator: "\n"))
/// ```
package struct FolderComparison: Sendable {
  /// The folder of reference images.
  package var expected: URL
  /// The folder of images to check.
  package var actual: URL
  /// How strictly the pixels must agree, and the regions that do not count.
  package var options: ComparisonOptions
  /// Where diff images and strips go: `<artifacts>/<actual folder's name>/<path>.diff.png`.
  package var artifactsDirectory: URL
  /// Which share of the paths to compare: the `index`-th (from 1) of `count`, by the sorted
  /// paths of both folders together; `nil` for all.
  package var shard: Shard?
  /// Whether new and changed images are copied over the expected folder.
  package var update: Bool
  /// Whether expected images without an actual one are deleted (with ``update``).
  package var prune: Bool
  /// The options a printed command repeats, so that it compares the same way.
  package var commandOptions: [String]
  /// The budget the decodes reserve from.
  package var budget: PixelBudget
  /// Whether the suggested command is to be run elsewhere (where `CI` is set): the hint then
  /// says to run it locally and commit.
  package var suggestsLocally = false

  /// One of several equal shares of the paths.
  package struct Shard: Hashable, Sendable {
    /// The share, from 1.
    package var index: Int
    /// How many shares there are, at least 1.
    package var count: Int

    /// Creates a share; `index` is 1…`count`.
    package init(index: Int, count: Int) {
      self.index = index
      self.count = count
    }
  }

  /// Describes a comparison.
  ///
  /// - Parameters:
  ///   - expected: the folder of reference images.
  ///   - actual: the folder of images to check.
  ///   - options: how strictly the pixels must agree; exact by default.
  ///   - artifactsDirectory: where diff images and strips go.
  ///   - shard: the share of the paths to compare; all by default.
  ///   - update: whether new and changed images are copied over the expected folder.
  ///   - prune: whether, with `update`, deleted images are removed from the expected folder.
  ///   - commandOptions: the options a printed command repeats.
  ///   - budget: the pixel budget of the decodes; ``PixelBudget/decoding`` by default.
  package init(
    expected: URL, actual: URL, options: ComparisonOptions = .exact, artifactsDirectory: URL,
    shard: Shard? = nil, update: Bool = false, prune: Bool = false,
    commandOptions: [String] = [], budget: PixelBudget = .decoding
  ) {
    self.expected = expected
    self.actual = actual
    self.options = options
    self.artifactsDirectory = artifactsDirectory
    self.shard = shard
    self.update = update
    self.prune = prune
    self.commandOptions = commandOptions
    self.budget = budget
  }

  /// Compares the folders, writes the artifacts of the changed images and, with ``update``,
  /// brings the expected folder up to date.
  ///
  /// - Returns: one result with every image of the share; a folder that cannot be opened is an
  ///   error of the whole comparison (exit code 2), reported like a script that could not be
  ///   read.
  package func run() -> CheckResult {
    let displayPath = "\(DisplayPath.of(expected)) vs \(DisplayPath.of(actual))"
    let trees: (expected: ImageTree, actual: ImageTree)
    do throws(FileError) {
      // Folders may lie one inside the other (screenshots kept in the baseline folder): each
      // is listed without the other, so that neither is compared with, copied into or pruned
      // from itself. The same folder twice compares nothing.
      let roots = (try ImageTree.open(expected), try ImageTree.open(actual))
      if roots.0.isSameFolder(as: roots.1) {
        throw FileError(
          path: DisplayPath.of(expected), action: "compare",
          reason: "it is the same folder as '\(DisplayPath.of(actual))'; give two different folders"
        )
      }
      trees = (
        try ImageTree(roots.0, excluding: roots.1), try ImageTree(roots.1, excluding: roots.0)
      )
    } catch {
      let message = error.description
      let diagnostic = CheckDiagnostic(
        file: displayPath, line: nil, column: nil, message: message, text: message)
      var result = ScriptResult(
        script: actual, goldenDirectory: expected, frames: [], failsOnOrphans: true,
        commandOptions: commandOptions)
      result.comparesFolders = true
      return CheckResult(scripts: [
        ScriptCheckResult(
          script: actual, displayPath: displayPath, result: result, diagnostics: [diagnostic],
          isError: true)
      ])
    }
    var paths = Array(Set(trees.expected.images.keys).union(trees.actual.images.keys))
    paths.sort { RawPath.bytes(of: $0).lexicographicallyPrecedes(RawPath.bytes(of: $1)) }
    if let shard { paths = CheckOptions.shard(paths, index: shard.index, count: shard.count) }
    let pairs = paths.map { path in
      ImagePair(
        path: path, expected: trees.expected.images[path], actual: trees.actual.images[path])
    }
    let frames = ArtifactsFolder.removingEmptyRoot(artifactsDirectory) {
      compare(pairs, expectedRoot: trees.expected.root)
    }
    var result = ScriptResult(
      script: actual, goldenDirectory: expected, frames: frames, failsOnOrphans: true,
      commandOptions: commandOptions)
    result.comparesFolders = true
    result.suggestsLocally = suggestsLocally
    result.notes = trees.expected.notes + trees.actual.notes
    return CheckResult(scripts: [
      ScriptCheckResult(
        script: actual, displayPath: displayPath, result: result, diagnostics: [],
        isError: false)
    ])
  }

  /// Compares the pairs on every core, in order of their paths.
  private func compare(_ pairs: [ImagePair], expectedRoot: FolderHandle) -> [FrameResult] {
    guard !pairs.isEmpty else { return [] }
    let artifacts = ArtifactsFolder(
      url: artifactsDirectory.appendingPathComponent(actual.standardizedFileURL.lastPathComponent))
    let results = Locked([FrameResult?](repeating: nil, count: pairs.count))
    let next = Locked(0)
    let threads = min(ProcessInfo.processInfo.activeProcessorCount, pairs.count)
    let work: @Sendable (Int) -> Void = { _ in
      while true {
        let job = next.withLock { taken -> Int in
          defer { taken += 1 }
          return taken
        }
        guard job < pairs.count else { return }
        let frame = self.compare(pairs[job], artifacts: artifacts, expectedRoot: expectedRoot)
        results.withLock { $0[job] = frame }
      }
    }
    WorkerThreads.shared.perform(iterations: threads, work)
    // A share of the paths leaves the other shares' artifacts alone.
    if shard == nil { artifacts.removeLeftovers(keeping: Set(pairs.map(\.path))) }
    artifacts.removeIfEmpty(below: pairs.map(\.path))
    return results.withLock { $0 }.compactMap { $0 }
  }
}
