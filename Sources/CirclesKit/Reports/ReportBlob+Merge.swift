import CircleSnapshot
import CircleSystem
import Foundation

/// A blob that cannot be read, or blobs that do not make one run: the message names them.
struct ReportBlobError: Error, CustomStringConvertible, Equatable {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}

extension ReportBlob {
  /// Reads a blob file.
  ///
  /// - Parameter shown: how messages name it (the path as given).
  /// - Throws: ``ReportBlobError`` naming it, for a file that cannot be read, is not a tar,
  ///   has no manifest or one that cannot be read, was written by another version, holds an
  ///   entry that is not a regular file or not listed, or an image that is not a PNG file.
  init(reading url: URL, shownAs shown: String) throws(ReportBlobError) {
    let name = "'\(DisplayText.escaped(shown))'"
    let files = try Self.files(reading: url, shownAs: shown)
    var byName: [String: Data] = [:]
    for file in files {
      guard byName.updateValue(file.data, forKey: file.name) == nil else {
        throw ReportBlobError(
          "\(name) is not a blob of circles check: it holds '\(DisplayText.escaped(file.name))' twice"
        )
      }
    }
    let manifest = try Self.manifest(of: byName[Self.manifestName], shownAs: shown)
    let shard = manifest.shard
    guard shard.count >= 1, (1...shard.count).contains(shard.index), manifest.suiteSize >= 0,
      manifest.scripts.allSatisfy({ (0..<manifest.suiteSize).contains($0.position) }),
      Set(manifest.scripts.map(\.position)).count == manifest.scripts.count
    else {
      throw ReportBlobError("\(name) is not a blob of circles check: its shard or places are wrong")
    }
    let listed = Set(manifest.images.map(\.entry))
    let own = [Self.manifestName, Self.durationsName]
    for file in files where !own.contains(file.name) && !listed.contains(file.name) {
      throw ReportBlobError(
        "\(name) holds '\(DisplayText.escaped(file.name))', which its \(Self.manifestName) does not list"
      )
    }
    var images: [String: Data] = [:]
    for image in manifest.images {
      guard let bytes = byName[image.entry] else {
        throw ReportBlobError("\(name) lacks '\(DisplayText.escaped(image.entry))'")
      }
      guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
        throw ReportBlobError(
          "\(name) holds '\(DisplayText.escaped(image.entry))', which is not a PNG image")
      }
      images[image.path] = bytes
    }
    self.manifest = manifest
    self.images = images
  }

  /// The files of a blob, or only its manifest.
  private static func files(
    reading url: URL, shownAs shown: String, only: String? = nil
  ) throws(ReportBlobError) -> [(name: String, data: Data)] {
    let name = "'\(DisplayText.escaped(shown))'"
    // Read from the file as it goes: with `only`, the manifest is all that is read of it.
    let file: ReadableFile
    do throws(FileError) {
      guard let folder = try FolderHandle.open(url.deletingLastPathComponent()) else {
        throw FileError(path: shown, action: "read", errno: ENOENT)
      }
      file = try folder.openFile(url.lastPathComponent, following: true)
    } catch {
      throw ReportBlobError("cannot read the blob \(name): \(error.reason)")
    }
    guard file.size <= Self.largest else {
      throw ReportBlobError(
        "cannot read the blob \(name): it is larger than \(Self.largest >> 20) MiB")
    }
    do {
      return try TarArchive.files(descriptor: file.descriptor, limit: Self.largest, only: only)
    } catch {
      throw ReportBlobError("\(name) is not a blob of circles check: \(error.description)")
    }
  }

  /// The scripts' check times of a blob, by their paths as reports show them, read alone:
  /// what `--durations` reads.
  static func durations(
    reading url: URL, shownAs shown: String
  ) throws(ReportBlobError) -> [String: Double] {
    let files = try files(reading: url, shownAs: shown, only: durationsName)
    guard let data = files.first?.data,
      let durations = try? JSONDecoder().decode([String: Double].self, from: data)
    else {
      throw ReportBlobError(
        "'\(DisplayText.escaped(shown))' is not a blob of circles check: it has no "
          + "\(durationsName)")
    }
    return durations
  }

  /// A manifest read and checked: its form and the version that wrote it.
  private static func manifest(
    of json: Data?, shownAs shown: String
  ) throws(ReportBlobError) -> Manifest {
    let name = "'\(DisplayText.escaped(shown))'"
    guard let json else {
      throw ReportBlobError("\(name) is not a blob of circles check: it has no \(manifestName)")
    }
    let manifest: Manifest
    do {
      manifest = try JSONDecoder().decode(Manifest.self, from: json)
    } catch {
      throw ReportBlobError(
        "\(name) is not a blob of circles check: its \(manifestName) cannot be read")
    }
    guard manifest.format == format else {
      throw ReportBlobError(
        "\(name) is a blob of another form ('\(DisplayText.escaped(manifest.format))'), not "
          + "'\(format)'")
    }
    guard titles.contains(manifest.title) else {
      throw ReportBlobError(
        "\(name) is not a blob of circles check: it names its run "
          + "'\(DisplayText.escaped(manifest.title))'")
    }
    guard manifest.circlesVersion == CommandLineTool.version else {
      throw ReportBlobError(
        "\(name) was written by circles \(DisplayText.escaped(manifest.circlesVersion)); this is "
          + "circles \(CommandLineTool.version): merge blobs with the version that wrote them")
    }
    return manifest
  }

  /// What merged blobs make: the result of the whole suite, in its order, and the images its
  /// report shows.
  struct Merged {
    var result: CheckResult
    var title: String
    /// Images by the path of their file, as the merged result names them.
    var images: [String: Data]
  }

  /// Merges the blobs of every shard of one run.
  ///
  /// Paths in the merged result are made relative to `directory` as they were to the folder each
  /// shard ran in, so that reports name the same files as the shards' own did.
  ///
  /// - Parameter blobs: each blob with the name messages give it.
  /// - Throws: ``ReportBlobError`` for blobs of different numbers of shards, suites or
  ///   commands, a shard given twice, a shard missing, or a script in no blob or in two.
  static func merge(
    _ blobs: [(shown: String, blob: ReportBlob)], into directory: URL
  ) throws(ReportBlobError) -> Merged {
    guard let first = blobs.first else { throw ReportBlobError("merge-reports needs blobs") }
    func named(_ shown: String) -> String { "'\(DisplayText.escaped(shown))'" }
    let count = first.blob.manifest.shard.count
    var seen: [Int: String] = [:]
    for (shown, blob) in blobs {
      let manifest = blob.manifest
      guard manifest.shard.count == count else {
        throw ReportBlobError(
          "\(named(shown)) is shard \(manifest.shard.index) of \(manifest.shard.count), but "
            + "\(named(first.shown)) is shard \(first.blob.manifest.shard.index) of \(count): "
            + "the blobs of one run have the same number of shards")
      }
      guard manifest.title == first.blob.manifest.title else {
        throw ReportBlobError(
          "\(named(shown)) is a blob of \(manifest.title), \(named(first.shown)) of "
            + "\(first.blob.manifest.title)")
      }
      guard manifest.suiteSize == first.blob.manifest.suiteSize else {
        throw ReportBlobError(
          "\(named(shown)) comes from a suite of \(manifest.suiteSize) scripts, "
            + "\(named(first.shown)) from one of \(first.blob.manifest.suiteSize): blobs of "
            + "different runs")
      }
      if let other = seen[manifest.shard.index] {
        throw ReportBlobError(
          "\(named(other)) and \(named(shown)) are both shard \(manifest.shard.index) of \(count)")
      }
      seen[manifest.shard.index] = shown
    }
    let missing = (1...count).filter { seen[$0] == nil }
    guard missing.isEmpty else {
      let list = missing.map(String.init).listed(joinedBy: "and")
      throw ReportBlobError(
        "shard\(missing.count == 1 ? "" : "s") \(list) of \(count) "
          + "\(missing.count == 1 ? "is" : "are") missing: give every shard's blob")
    }
    var placed: [Int: ScriptCheckResult] = [:]
    var images: [String: Data] = [:]
    let here = directory.standardizedFileURL.path
    for (shown, blob) in blobs {
      let from = blob.manifest.directory
      for entry in blob.manifest.scripts {
        let result = entry.result.rebased(from: from, to: here)
        // The shards of a folder comparison each hold a share of its one entry's images.
        if let earlier = placed[entry.position], let both = earlier.sharingImages(with: result) {
          placed[entry.position] = both
          continue
        }
        guard placed.updateValue(result, forKey: entry.position) == nil else {
          throw ReportBlobError(
            "\(named(shown)) holds script \(entry.position + 1) of the suite, which another blob "
              + "holds too: blobs of different runs")
        }
      }
      for (path, data) in blob.images { images[Self.rebase(path, from: from, to: here)] = data }
    }
    let size = first.blob.manifest.suiteSize
    guard placed.count == size else {
      let absent = (0..<size).first { placed[$0] == nil } ?? 0
      throw ReportBlobError(
        "script \(absent + 1) of the suite's \(size) is in no blob: blobs of different runs")
    }
    return Merged(
      result: CheckResult(scripts: (0..<size).compactMap { placed[$0] }),
      title: first.blob.manifest.title, images: images)
  }

  /// A path below `from` moved below `to`; any other path as it is.
  static func rebase(_ path: String, from: String, to: String) -> String {
    guard from != to else { return path }
    if path == from { return to }
    let prefix = from.hasSuffix("/") ? from : from + "/"
    guard path.hasPrefix(prefix) else { return path }
    return (to.hasSuffix("/") ? to : to + "/") + path.dropFirst(prefix.count)
  }
}

extension ScriptCheckResult {
  /// Two shards' parts of one folder comparison as one: their images together, in the order of
  /// their paths' bytes, as the unsharded comparison lists them; `nil` for anything else (two
  /// scripts' results, or comparisons of other folders).
  fileprivate func sharingImages(with other: ScriptCheckResult) -> ScriptCheckResult? {
    guard var result, let theirs = other.result, result.comparesFolders, theirs.comparesFolders,
      displayPath == other.displayPath, result.goldenDirectory == theirs.goldenDirectory
    else { return nil }
    result.frames = (result.frames + theirs.frames).sorted {
      RawPath.bytes(of: $0.name).lexicographicallyPrecedes(RawPath.bytes(of: $1.name))
    }
    var both = self
    both.result = result
    both.diagnostics = diagnostics.isEmpty ? other.diagnostics : diagnostics
    both.isError = isError || other.isError
    if let mine = durationSeconds, let theirs = other.durationSeconds {
      both.durationSeconds = max(mine, theirs)
    }
    return both
  }

  /// The result with every file below `from` named below `to` instead.
  fileprivate func rebased(from: String, to: String) -> ScriptCheckResult {
    guard from != to else { return self }
    func move(_ url: URL) -> URL {
      URL(fileURLWithPath: ReportBlob.rebase(url.standardizedFileURL.path, from: from, to: to))
    }
    var moved = self
    moved.script = move(script)
    if var result {
      result.script = move(result.script)
      result.goldenDirectory = move(result.goldenDirectory)
      result.frames = result.frames.map { frame in
        var frame = frame
        frame.golden = move(frame.golden)
        frame.movedFrom = frame.movedFrom.map(move)
        if var artifacts = frame.artifacts {
          artifacts.actual = move(artifacts.actual)
          artifacts.diff = artifacts.diff.map(move)
          artifacts.strip = artifacts.strip.map(move)
          frame.artifacts = artifacts
        }
        return frame
      }
      moved.result = result
    }
    return moved
  }
}
