import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

extension GoldenSession {
  /// Makes a plan's changes to the golden folder, in the plan's order.
  ///
  /// Each change is whole or not made at all — a deletion, a rename that replaces nothing, a
  /// write of a whole file (a new golden replaces nothing; a failed frame's golden is replaced
  /// in one step) — so a check killed at any point leaves every golden whole, under its old
  /// name or its new one, and the next check finds it. A change that cannot be made (a name
  /// taken meanwhile by another process) is an error on its entry, and that entry's later
  /// changes are not made.
  ///
  /// - Returns: the error of each entry whose changes could not all be made, by entry.
  func apply(_ plan: GoldenPlan, items: [GoldenImages.Item]) -> [Int: String] {
    var errors: [Int: String] = [:]
    var items = items
    // An image that pass one found byte-identical to a golden was not written anywhere; the
    // golden it shares bytes with may be renamed or deleted by this very plan, so its bytes
    // go to the artifacts folder first, whence the write takes them.
    for case .write(let image, _) in plan.operations where !items[image].spilled {
      do throws(FileError) {
        guard let data = recordableBytes(of: items[image]) else {
          throw FileError(reason: "the image is lost")
        }
        try artifacts.write(data, of: items[image].path, suffix: ".actual.png")
        items[image].spilled = true
      } catch {
        errors[image] = "cannot record golden '\(items[image].path)': \(error.reason)"
      }
    }
    var entryOfGolden: [Int: Int] = [:]
    for (index, entry) in plan.entries.enumerated() {
      if let golden = entry.golden { entryOfGolden[golden] = index }
    }
    for operation in plan.operations {
      let entry: Int
      switch operation {
      case .delete(let golden), .rename(let golden, _): entry = entryOfGolden[golden]!
      case .write(let image, _): entry = image
      }
      guard errors[entry] == nil else { continue }
      switch operation {
      case .delete(let golden):
        let file = store.goldens[golden].fileName
        do throws(FileError) {
          guard let (base, leaf) = try GoldenStore.place(of: file, in: store.folder) else {
            continue
          }
          try base.remove(leaf)
        } catch {
          errors[entry] = "cannot delete golden '\(file)': \(error.reason)"
        }
      case .rename(let golden, let name):
        let from = store.goldens[golden].fileName
        do throws(FileError) {
          guard let folder = store.folder,
            try folder.renameWithoutReplacing(from, to: name + ".png")
          else {
            throw FileError(reason: "a file of that name appeared meanwhile")
          }
        } catch {
          errors[entry] = "cannot rename golden '\(from)' to '\(name).png': \(error.reason)"
        }
      case .write(let image, let over):
        do throws(FileError) {
          try record(items[image], replacing: over != nil)
        } catch {
          errors[entry] = "cannot record golden '\(items[image].path)': \(error.reason)"
        }
      }
    }
    store.folder?.synchronize()
    return errors
  }

  /// Writes an image's golden under its name: the artifact written in pass one is moved into
  /// the golden folder when both are on one file system, else its bytes are written there
  /// whole. A new golden never replaces a file; a replaced one is replaced in one step.
  private func record(_ item: GoldenImages.Item, replacing: Bool) throws(FileError) {
    let folder = try store.openOrMakeFolder()
    guard let (base, leaf) = try GoldenStore.place(of: item.path, in: folder, creating: true)
    else {
      throw FileError(
        path: DisplayPath.of(store.location.url), action: "create", reason: "no such folder")
    }
    let shown = DisplayPath.of(store.location.url.appendingPathComponent(item.path))
    if item.spilled,
      let (source, sourceLeaf) = try? artifacts.place(of: item.path, suffix: ".actual.png")
    {
      if replacing {
        if (try? base.move(sourceLeaf, from: source, to: leaf)) != nil { return }
      } else if let moved = base.moveWithoutReplacing(sourceLeaf, from: source, to: leaf) {
        guard moved else {
          throw FileError(
            path: shown, action: "write", reason: "a file of that name appeared meanwhile")
        }
        return
      }
      // Another file system, or one without hard links: written below instead.
    }
    guard let data = recordableBytes(of: item) else {
      throw FileError(path: shown, action: "write", reason: "the image is lost")
    }
    try AtomicFile.write(data, named: leaf, in: base, syncingFolder: false, replacing: replacing)
  }

  /// Rewrites `<golden folder>.history` with the scene of every golden there is now: the
  /// image's own for a golden that holds its picture (recorded, passed, moved), the one the
  /// history had for any other (a failure not recorded, an orphan kept).
  func writeHistory(
    _ plan: GoldenPlan, items: [GoldenImages.Item], outcomes: [Outcome], scenes: GoldenScenes
  ) {
    guard writesHistory else { return }
    var recorder = SceneRecorder()
    let current = SceneReader(images.history)
    func oldScene(_ golden: Int) -> CanvasState? {
      let bytes = scenes.trusts(golden) ? nil : store.read(golden, limit: 64 << 20)
      return scenes.scene(of: golden, bytes: bytes)
    }
    let folder = store.folder
    // Each line is tied to the image its golden holds now, once recorded and renamed.
    func image(of name: String) -> String? {
      guard let (base, leaf) = try? GoldenStore.place(of: name + ".png", in: folder),
        let file = try? base.openFile(leaf)
      else { return nil }
      return PNGImageKey(file: file)?.storedDigest
    }
    // Orphans keep their place: each after the golden that came before it in the history.
    var after: [Int: [Int]] = [:]
    var last = -1
    let paired = Set(plan.pairs.values)
    let kept = Set(plan.entries.filter { $0.status == .orphan }.compactMap(\.golden))
    for golden in plan.order {
      if paired.contains(golden) {
        last = golden
      } else if kept.contains(golden) {
        after[last, default: []].append(golden)
      }
    }
    func appendOrphans(after golden: Int) {
      for orphan in after[golden] ?? [] {
        guard let scene = oldScene(orphan) else { continue }
        let name = store.goldens[orphan].name
        recorder.append(name: name, scene: scene, image: image(of: name))
      }
    }
    appendOrphans(after: -1)
    for entry in plan.entries {
      guard let index = entry.image else { continue }
      let item = items[index]
      if entry.status != .missing {
        let underOwnName =
          entry.status == .recorded || entry.renamed
          || entry.golden.map { store.goldens[$0].name == item.name } ?? true
        let name = underOwnName ? item.name : store.goldens[entry.golden!].name
        let holdsImage = entry.status == .recorded || outcomes[index].verdict == .same
        let scene = holdsImage ? current.scene(named: item.name) : entry.golden.flatMap(oldScene)
        if let scene { recorder.append(name: name, scene: scene, image: image(of: name)) }
      }
      if let golden = entry.golden { appendOrphans(after: golden) }
    }
    do throws(FileError) {
      if let parent = try store.openOrMakeParent() {
        try AtomicFile.write(
          recorder.history.data, named: SceneHistory.fileName(forFolder: store.location.name),
          in: parent, syncingFolder: false)
      }
    } catch {
      // The goldens are written; only what a later failure can say about its scene is lost.
    }
  }
}
