import CircleRender
import CircleSystem
import Foundation

extension GoldenSession {
  /// What pass one learns of an image: the golden it is byte-identical to, if any.
  struct Identity {
    var picture: Int?
    var identical: Int?
    var exact = false
  }

  /// Finds the goldens whose images are byte-identical to `png`: the one of the same name
  /// first (the usual case: one read), then, when that one differs, those of the same slug
  /// whose digest is the same (steps inserted or removed before it).
  ///
  /// Each golden is compared with an image of its digest at most once to join a picture, and
  /// each image reads at most one golden of a known picture, so the reads stay linear in the
  /// number of images and goldens.
  func identify(_ item: Item, png: Data, key: PNGImageKey) -> Identity {
    var found = Identity()
    if let same = golden(named: item.name), holdsImage(same, png) {
      found.identical = same
      found.picture = picture(of: same)
      verified.insert(same)
      found.exact =
        !options.record.recordsPassed || read(same, limit: Int.max) == goldenBytes(png)
      return found
    }
    guard !item.byName else { return found }
    let candidates = (digests()[key.digest] ?? []).filter { goldens[$0].slug == item.slug }
    for candidate in candidates {
      guard let known = goldenPicture[candidate] else { continue }
      if holdsImage(candidate, png) {
        found.picture = known
        found.identical = candidate
        break
      }
    }
    for candidate in candidates where !verified.contains(candidate) {
      verified.insert(candidate)
      guard holdsImage(candidate, png) else { continue }
      if found.picture == nil {
        pictureCount += 1
        found.picture = pictureCount
      }
      goldenPicture[candidate] = found.picture
      found.identical = found.identical ?? candidate
    }
    return found
  }

  /// Whether a golden's image chunks are byte for byte those of `png`. The golden is read into
  /// a buffer kept from one image to the next, as large as the largest golden so far.
  func holdsImage(_ golden: Int, _ png: Data) -> Bool {
    guard let file = try? openGolden(golden), file.size <= png.count + (1 << 24) else {
      return false
    }
    if readBuffer.count < file.size {
      readBuffer.deallocate()
      readBuffer = .allocate(byteCount: file.size, alignment: 16)
    }
    let count = file.read(into: readBuffer)
    let bytes = UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])
    return png.withUnsafeBytes { PNGImageKey.sameImage(bytes, $0) }
  }

  /// The picture of a golden verified identical to an image: its own, or a new one.
  private func picture(of golden: Int) -> Int {
    if let known = goldenPicture[golden] { return known }
    pictureCount += 1
    goldenPicture[golden] = pictureCount
    return pictureCount
  }

  /// The frame goldens by the digest of their image, read from their chunk headers once.
  func digests() -> [Int: [Int]] {
    if let byDigest { return byDigest }
    var table: [Int: [Int]] = [:]
    for index in goldens.indices where goldens[index].isFrame {
      if let key = imageKey(of: index) { table[key.digest, default: []].append(index) }
    }
    byDigest = table
    return table
  }

  /// A golden's size and digest from its chunk headers, or `nil` when it is not a readable PNG.
  func imageKey(of golden: Int) -> PNGImageKey? {
    if let known = keys[golden] { return known }
    let key = (try? openGolden(golden)).flatMap { PNGImageKey(file: $0) }
    keys[golden] = key
    return key
  }

  /// Opens a golden's file.
  func openGolden(_ golden: Int) throws(FileError) -> ReadableFile {
    guard let (base, leaf) = try place(of: goldens[golden].fileName, in: folder) else {
      throw FileError(
        path: DisplayPath.of(location.url), action: "read", reason: "no such folder")
    }
    return try base.openFile(leaf)
  }

  /// A golden's bytes, or `nil` when it cannot be read or is larger than `limit`.
  func read(_ golden: Int, limit: Int) -> Data? {
    guard let file = try? openGolden(golden), file.size <= limit else { return nil }
    return file.contents()
  }

  /// The folder holding a file named by a path below `base`, and the file's own name.
  func place(of path: String, in base: FolderHandle?, creating: Bool = false) throws(FileError)
    -> (FolderHandle, String)?
  {
    guard let base else { return nil }
    guard let slash = path.lastIndex(of: "/") else { return (base, path) }
    let leaf = String(path[path.index(after: slash)...])
    guard let sub = try base.subfolder(String(path[..<slash]), creating: creating) else {
      return nil
    }
    return (sub, leaf)
  }

  /// Writes an artifact (`<name><suffix>`) whole into the script's artifacts folder.
  func writeArtifact(_ data: Data, of name: String, suffix: String) throws(FileError) {
    let folder = try artifactsFolder()
    guard let (base, leaf) = try place(of: name + suffix, in: folder, creating: true) else {
      throw FileError(
        path: DisplayPath.of(artifactsURL), action: "create", reason: "no such folder")
    }
    try AtomicFile.write(data, named: leaf, in: base, syncingFolder: false, flushing: false)
  }

  /// The script's artifacts folder, made when it does not exist yet; made once, whichever of
  /// the threads comparing images asks first.
  private func artifactsFolder() throws(FileError) -> FolderHandle {
    artifactsLock.lock()
    defer { artifactsLock.unlock() }
    if let artifacts { return artifacts }
    noteArtifactFoldersMade()
    guard let root = try FolderHandle.forCheck(options.artifactsDirectory, creating: true),
      let made = try root.subfolder(artifactsKey, creating: true)
    else {
      throw FileError(
        path: DisplayPath.of(artifactsURL), action: "create", reason: "no such folder")
    }
    artifacts = made
    return made
  }

  /// Remembers whether the script's artifacts folder does not exist yet, so that it can be
  /// removed at the end if nothing is left in it (its parents, which other scripts may be
  /// writing into, are left alone).
  private func noteArtifactFoldersMade() {
    guard let root = try? FolderHandle.forCheck(options.artifactsDirectory) else {
      madeArtifactsFolder = true
      return
    }
    madeArtifactsFolder = (try? root.subfolder(artifactsKey)) == nil
  }

  /// Removes the script's artifacts folder when this check made it and it is empty.
  func removeEmptyArtifactFolders() {
    guard madeArtifactsFolder, let root = try? FolderHandle.forCheck(options.artifactsDirectory)
    else {
      return
    }
    _ = root.removeFolderIfEmpty(artifactsKey)
  }

  /// The artifacts folder when it exists, for reading and clean-up (never created for that).
  func existingArtifacts() -> FolderHandle? {
    artifactsLock.lock()
    defer { artifactsLock.unlock() }
    if let artifacts { return artifacts }
    guard let root = try? FolderHandle.forCheck(options.artifactsDirectory),
      let found = try? root.subfolder(artifactsKey)
    else { return nil }
    artifacts = found
    return found
  }
}
