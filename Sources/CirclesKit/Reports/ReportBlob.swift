import CircleRender
import CircleSnapshot
import CircleSystem
import Foundation

/// One run's whole result in one file, a tar, so that the shards of a check run on several
/// machines make the reports one run would (docs/ci.md, "Reports that merge"):
/// `circles check --shard i/n --blob shard-i.tar`, then `circles merge-reports shard-*.tar`.
///
/// It holds `circles-blob.json` (the version that wrote it, the shard, the folder it ran in, and
/// every script's result with its place in the whole suite) and every image the HTML report
/// shows (`images/<n>.png`: goldens, actual, diff and strip images), so that the merged report
/// is made from the blobs alone, on another machine.
struct ReportBlob {
  /// What `circles-blob.json` says.
  struct Manifest: Codable {
    /// `circles report blob 1`: the form of the file.
    var format: String
    /// The version of circles that wrote it (`circles --version`).
    var circlesVersion: String
    /// The report's title: `circles check`.
    var title: String
    /// Which share of the suite this is: `1/1` for a run that was not sharded.
    var shard: Shard
    /// How many scripts the whole suite has, every shard's together.
    var suiteSize: Int
    /// The folder the run was in, whose files the paths below name.
    var directory: String
    /// Every script of this shard, with its place in the whole suite.
    var scripts: [Entry]
    /// Every image the report shows, by its entry in the tar.
    var images: [Image]

    struct Shard: Codable, Equatable {
      var index: Int
      var count: Int
    }

    struct Entry: Codable {
      /// Its place among all the suite's scripts, from 0: the merged reports list them so.
      var position: Int
      var result: ScriptCheckResult
    }

    struct Image: Codable {
      /// `images/3.png`.
      var entry: String
      /// The file it was read from.
      var path: String
    }
  }

  static let format = "circles report blob 1"
  /// The runs a blob may be of: their reports' titles.
  static let titles: Set<String> = ["circles check", "circles compare"]
  static let manifestName = "circles-blob.json"
  /// The first file: each script's check time by its path, all `--durations` reads, so that
  /// it reads a few bytes of a blob, not the whole result (a 60 MB blob of 40 scripts and
  /// 10,000 frames: 0.06 s less for each shard).
  static let durationsName = "durations.json"
  /// The most bytes a blob may have, and its files together: 2 GiB.
  static let largest = 2 << 30

  var manifest: Manifest
  /// The images' bytes, by the path of the file each was read from.
  var images: [String: Data]

  /// The blob of a run: its result, and every image its HTML report shows, read now.
  ///
  /// - Parameters:
  ///   - positions: each script's place in the whole suite, in the result's order.
  ///   - directory: the folder the run was in.
  ///   - loadImage: reads an image the report shows; from disk unless given (merged blobs'
  ///     images come from the blobs).
  init(
    result: CheckResult, title: String, shard: Manifest.Shard, positions: [Int], suiteSize: Int,
    directory: URL, loadImage: @escaping (URL) -> Data? = HTMLReport.readImage
  ) {
    // The files the page asks for, each once: the page is made without them (it asks for the
    // same files whatever it gets), so that no image is read twice or encoded for nothing. A
    // file that is not a PNG (a damaged golden) is left out, as the page leaves it out.
    var wanted: [String: URL] = [:]
    _ = HTMLReport.html(for: result, title: title) { url in
      wanted[url.standardizedFileURL.path] = url
      return nil
    }
    var images: [String: Data] = [:]
    for (path, url) in wanted {
      if let data = loadImage(url), PNGChunkWalk.hasSignature(data) { images[path] = data }
    }
    let paths = images.keys.sorted()
    manifest = Manifest(
      format: Self.format, circlesVersion: CommandLineTool.version, title: title, shard: shard,
      suiteSize: suiteSize, directory: directory.standardizedFileURL.path,
      scripts: zip(positions, result.scripts).map { Manifest.Entry(position: $0, result: $1) },
      images: paths.enumerated().map {
        Manifest.Image(entry: "images/\($0.offset).png", path: $0.element)
      })
    self.images = images
  }

  /// Writes the blob whole or not at all, and says so unless `quiet` (JSON on standard
  /// output).
  ///
  /// - Returns: `status`, or the usage code when the blob cannot be written.
  func write(to path: String, in context: ToolContext, status: Int32, quiet: Bool) -> Int32 {
    let shown = DisplayText.escaped(path)
    do {
      try AtomicFile.write(try tar(), to: context.url(for: path))
    } catch {
      context.console.error("cannot write the blob '\(shown)': \(DisplayText.escaped("\(error)"))")
      return ExitCode.usage
    }
    if !quiet { context.console.print("blob: \(shown)") }
    return status
  }

  /// Each script's check time, by its path as reports show it: what `--durations` reads of a
  /// blob.
  static func durations(of manifest: Manifest) -> [String: Double] {
    Dictionary(
      manifest.scripts.compactMap { entry in
        entry.result.durationSeconds.map { (entry.result.displayPath, $0) }
      }
    ) { _, last in last }
  }

  /// The tar file's bytes.
  func tar() throws(TarArchive.Failure) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = (try? encoder.encode(manifest)) ?? Data()
    let durations = (try? encoder.encode(Self.durations(of: manifest))) ?? Data()
    return try TarArchive.tar(
      [(Self.durationsName, durations), (Self.manifestName, json)]
        + manifest.images.map { ($0.entry, images[$0.path] ?? Data()) })
  }
}
