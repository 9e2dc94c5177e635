import CircleRender
import CircleSystem
import Foundation

/// A script's golden folder: the goldens it holds, what is learnt of them while images arrive,
/// and the changes of a ``GoldenPlan``, made in the plan's order (`GoldenStore+Apply.swift`).
///
/// Goldens are read and written only as real files in real folders (``FolderHandle``): never
/// through a symbolic link, never a FIFO or a device, and none larger than its header's size
/// allows. Everything mutable is in one ``Locked`` state; files are read outside it except in
/// ``identify(_:png:key:recordsPassed:golden:)``, which images reach one at a time.
final class GoldenStore: Sendable {
  /// Where the golden folder is.
  let location: GoldenLocation
  /// The goldens found when the store was opened, by number; never changes after.
  let goldens: [GoldenFile]
  /// Each golden's number, by name.
  let index: [String: Int]
  private let state: Locked<State>

  /// What the store learns and opens as the check goes.
  struct State: Sendable {
    /// The folder holding the golden folder (and the history), when it exists.
    var parent: FolderHandle?
    /// The golden folder, when it exists.
    var folder: FolderHandle?
    var keys: [Int: PNGImageKey?] = [:]
    var byDigest: [Int: [Int]]?
    /// The picture of each golden found byte-identical to an image.
    var picture: [Int: Int] = [:]
    var verified: Set<Int> = []
    var pictureCount = 0
    /// Why a golden is not a whole PNG, for those found damaged.
    var damage: [Int: String] = [:]
    /// Where goldens are read to be compared with images, kept from one image to the next.
    var buffer: [UInt8] = []
  }

  /// Opens a golden folder and lists its goldens.
  ///
  /// - Throws: ``FileError`` when the folder cannot be read or is reached through a link.
  init(location: GoldenLocation) throws(FileError) {
    self.location = location
    let parent = try location.parent(creating: false)
    let folder = try parent?.subfolder(location.name)
    var goldens: [GoldenFile] = []
    var index: [String: Int] = [:]
    if let folder { try Self.list(folder, "", depth: 0, into: &goldens, index: &index) }
    self.goldens = goldens
    self.index = index
    state = Locked(State(parent: parent, folder: folder))
  }

  /// How deep below the golden folder goldens are looked for.
  static let maximumDepth = 16

  /// Adds the goldens of a subfolder (`""` for the golden folder itself) and of the folders
  /// below it: the PNG files that are not hidden. Subfolders hold `render` targets (`render
  /// sub/final.png`); hidden ones and links are left out.
  private static func list(
    _ folder: FolderHandle, _ subfolder: String, depth: Int, into goldens: inout [GoldenFile],
    index: inout [String: Int]
  ) throws(FileError) {
    guard depth <= maximumDepth,
      let base = subfolder.isEmpty ? folder : try folder.subfolder(subfolder)
    else { return }
    let prefix = subfolder.isEmpty ? "" : subfolder + "/"
    for entry in try base.entries() where !entry.name.hasPrefix(".") {
      if entry.isFolder {
        try list(folder, prefix + entry.name, depth: depth + 1, into: &goldens, index: &index)
        continue
      }
      guard entry.name.hasSuffix(".png") else { continue }
      let name = prefix + String(entry.name.dropLast(4))
      guard index[name] == nil else { continue }
      index[name] = goldens.count
      goldens.append(GoldenFile(name: name))
    }
  }

  /// The golden folder, when it exists.
  var folder: FolderHandle? { state.withLock { $0.folder } }

  /// The folder holding the golden folder, when it exists.
  var parent: FolderHandle? { state.withLock { $0.parent } }

  /// The golden folder, made (with the folders on the way) when it does not exist yet.
  func openOrMakeFolder() throws(FileError) -> FolderHandle {
    try state.withLock { (state) throws(FileError) -> FolderHandle in
      if let folder = state.folder { return folder }
      guard let parent = try location.parent(creating: true),
        let made = try parent.subfolder(location.name, creating: true)
      else {
        throw FileError(
          path: DisplayPath.of(location.url), action: "create", reason: "no such folder")
      }
      state.parent = parent
      state.folder = made
      return made
    }
  }

  /// The folder holding the golden folder, made when it does not exist yet.
  func openOrMakeParent() throws(FileError) -> FolderHandle? {
    if let parent { return parent }
    return try location.parent(creating: true)
  }

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
  /// number of images and goldens. A golden that is not a whole PNG (``PNGChunkWalk/damage(in:)``)
  /// is never identical to anything, even when its bytes equal the image's.
  ///
  /// - Parameters:
  ///   - name: the image's name; `slug` its action's, `byName` whether it is matched by name only.
  ///   - recordsPassed: whether a record rewrites matching goldens, so that `exact` matters.
  ///   - golden: the bytes a record of the image would write.
  func identify(
    name: String, slug: String, byName: Bool, png: Data, key: PNGImageKey, recordsPassed: Bool,
    golden: () -> Data
  ) -> Identity {
    state.withLock { state in
      var found = Identity()
      if let same = index[name], holdsImage(same, png, &state) {
        found.identical = same
        found.picture = picture(of: same, &state)
        state.verified.insert(same)
        found.exact = !recordsPassed || read(same, limit: Int.max, state.folder) == golden()
        return found
      }
      guard !byName else { return found }
      let candidates = (digests(&state)[key.digest] ?? []).filter { goldens[$0].slug == slug }
      for candidate in candidates {
        guard let known = state.picture[candidate] else { continue }
        if holdsImage(candidate, png, &state) {
          found.picture = known
          found.identical = candidate
          break
        }
      }
      for candidate in candidates where !state.verified.contains(candidate) {
        state.verified.insert(candidate)
        guard holdsImage(candidate, png, &state) else { continue }
        if found.picture == nil {
          state.pictureCount += 1
          found.picture = state.pictureCount
        }
        state.picture[candidate] = found.picture
        found.identical = found.identical ?? candidate
      }
      return found
    }
  }

  /// Whether a golden's image chunks are byte for byte those of `png`, and it is a whole PNG.
  /// The golden is read into a buffer kept from one image to the next, as large as the largest
  /// golden so far.
  private func holdsImage(_ golden: Int, _ png: Data, _ state: inout State) -> Bool {
    guard let file = try? open(golden, state.folder), file.size <= png.count + (1 << 24) else {
      return false
    }
    if state.buffer.count < file.size {
      state.buffer = [UInt8](repeating: 0, count: file.size)
    }
    return state.buffer.withUnsafeMutableBytes { buffer in
      let count = file.read(into: buffer)
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
      guard png.withUnsafeBytes({ PNGImageKey.sameImage(bytes, $0) }) else { return false }
      if let damage = PNGChunkWalk.damage(in: bytes) {
        state.damage[golden] = damage
        return false
      }
      return true
    }
  }

  /// The picture of a golden verified identical to an image: its own, or a new one.
  private func picture(of golden: Int, _ state: inout State) -> Int {
    if let known = state.picture[golden] { return known }
    state.pictureCount += 1
    state.picture[golden] = state.pictureCount
    return state.pictureCount
  }

  /// The frame goldens by the digest of their image, read from their chunk headers once.
  private func digests(_ state: inout State) -> [Int: [Int]] {
    if let known = state.byDigest { return known }
    var table: [Int: [Int]] = [:]
    for golden in goldens.indices where goldens[golden].isFrame {
      if let key = imageKey(of: golden, &state) { table[key.digest, default: []].append(golden) }
    }
    state.byDigest = table
    return table
  }

  private func imageKey(of golden: Int, _ state: inout State) -> PNGImageKey? {
    if let known = state.keys[golden] { return known }
    let key = (try? open(golden, state.folder)).flatMap { PNGImageKey(file: $0) }
    state.keys[golden] = key
    return key
  }

  /// A golden's size and digest from its chunk headers, or `nil` when it is not a readable PNG.
  func imageKey(of golden: Int) -> PNGImageKey? {
    state.withLock { imageKey(of: golden, &$0) }
  }

  /// The picture each golden shares with an image, for those found byte-identical to one.
  var pictures: [Int: Int] { state.withLock { $0.picture } }

  /// Why a golden is not a whole PNG, when pass one or a comparison found it damaged.
  func damage(of golden: Int) -> String? { state.withLock { $0.damage[golden] } }

  /// Remembers that a golden is not a whole PNG.
  func noteDamage(_ reason: String, of golden: Int) {
    state.withLock { $0.damage[golden] = reason }
  }

  /// Opens a golden's file.
  func open(_ golden: Int) throws(FileError) -> ReadableFile {
    try open(golden, folder)
  }

  private func open(_ golden: Int, _ folder: FolderHandle?) throws(FileError) -> ReadableFile {
    guard let (base, leaf) = try Self.place(of: goldens[golden].fileName, in: folder) else {
      throw FileError(
        path: DisplayPath.of(location.url), action: "read", reason: "no such folder")
    }
    return try base.openFile(leaf)
  }

  /// A golden's bytes, or `nil` when it cannot be read or is larger than `limit`.
  func read(_ golden: Int, limit: Int) -> Data? {
    read(golden, limit: limit, folder)
  }

  private func read(_ golden: Int, limit: Int, _ folder: FolderHandle?) -> Data? {
    guard let file = try? open(golden, folder), file.size <= limit else { return nil }
    return file.contents()
  }

  /// The path of a golden as people see it.
  func displayPath(of golden: Int) -> String {
    DisplayPath.of(location.url.appendingPathComponent(goldens[golden].fileName))
  }

  /// The folder holding a file named by a path below `base`, and the file's own name.
  static func place(of path: String, in base: FolderHandle?, creating: Bool = false)
    throws(FileError) -> (FolderHandle, String)?
  {
    guard let base else { return nil }
    guard let slash = path.lastIndex(of: "/") else { return (base, path) }
    let leaf = String(path[path.index(after: slash)...])
    guard let sub = try base.subfolder(String(path[..<slash]), creating: creating) else {
      return nil
    }
    return (sub, leaf)
  }
}
