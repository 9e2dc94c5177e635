import CircleCanvas
import CircleRender
import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

/// `circles compare` run as a user runs it: whole outputs and exit codes; and `--ignore` on
/// `diff` and `check`.
@Suite("circles compare, end to end")
struct CompareCommandTests {
  static let grey = PixelImage(
    width: 6, height: 4, filledWith: Colour(red: 128, green: 128, blue: 128))

  static func changed(at indices: [Int]) -> PixelImage {
    var image = grey
    for index in indices { image.pixels[index] = 0xFF00_0000 }
    return image
  }

  /// Every file below the folder, by its path in it.
  static func tree(_ folder: TemporaryFolder) -> [String] {
    let files = FileManager.default.enumerator(atPath: folder.url.path)?.allObjects ?? []
    return files.compactMap { $0 as? String }.sorted()
  }

  static func write(_ image: PixelImage, _ path: String, in folder: TemporaryFolder) throws {
    let url = folder.url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PNGCodec.encode(image).write(to: url)
  }

  /// `base/` and `new/`: one image the same, one changed in two pixels (3,1 and 5,3), one new,
  /// one deleted.
  static func folders() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try write(grey, "base/same.png", in: folder)
    try write(grey, "new/same.png", in: folder)
    try write(grey, "base/pages/home.png", in: folder)
    try write(changed(at: [9, 23]), "new/pages/home.png", in: folder)
    try write(grey, "new/added.png", in: folder)
    try write(grey, "base/gone.png", in: folder)
    return folder
  }

  @Test("the shards' blobs of a comparison merge into the whole comparison's reports")
  func mergedShards() async throws {
    let folder = try TemporaryFolder()
    for index in 0..<7 {
      try Self.write(Self.grey, "base/p\(index).png", in: folder)
      if index != 3 {
        try Self.write(
          index % 2 == 0 ? Self.grey : Self.changed(at: [index]), "shots/p\(index).png",
          in: folder)
      }
    }
    try Self.write(Self.grey, "shots/new.png", in: folder)
    let whole = try await Executable.run(["compare", "base", "shots", "--json"], in: folder.url)
    #expect(whole.status == 1, "\(whole)")
    for index in 1...3 {
      let shard = try await Executable.run(
        ["compare", "base", "shots", "--shard", "\(index)/3", "--blob", "c\(index).tar"],
        in: folder.url)
      #expect([0, 1].contains(shard.status), "\(shard)")
      #expect(shard.stdout.hasSuffix("blob: c\(index).tar\n"), "\(shard)")
    }
    let merged = try await Executable.run(
      ["merge-reports", "c3.tar", "c1.tar", "c2.tar", "--json"], in: folder.url)
    #expect(merged.status == whole.status, "\(merged)")
    #expect(merged.stdout == whole.stdout)
    let text = try await Executable.run(["compare", "base", "shots"], in: folder.url)
    let mergedText = try await Executable.run(
      ["merge-reports", "c1.tar", "c2.tar", "c3.tar"], in: folder.url)
    #expect(mergedText.stdout == text.stdout, "\(mergedText)")
    let missing = try await Executable.run(["merge-reports", "c1.tar", "c3.tar"], in: folder.url)
    #expect(missing.status == 2)
    #expect(missing.stderr == "circles: error: shard 2 of 3 is missing: give every shard's blob\n")
  }

  @Test("every image is reported by what became of it; the exit code is 1")
  func report() async throws {
    let folder = try Self.folders()
    let outcome = try await Executable.run(["compare", "base", "new"], in: folder.url)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      outcome.stdout == """
        FAIL base vs new: 3 of 4 images differ
          NEW     added.png: new: only in new/
            actual: new/added.png
          DELETED gone.png: deleted: only in base/
          CHANGED pages/home.png: 2 pixels differ (8.3%), first at 3,1, all within 3x3 at 3,1
            actual: new/pages/home.png
            diff:   .circles-artifacts/new/pages/home.diff.png
            strip:  .circles-artifacts/new/pages/home.strip.png
          to accept the new images, run locally and commit what it writes: circles compare base new --update --prune
        compared 4 images: 1 passed, 1 changed, 1 new, 1 deleted

        """, "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
    let diff = try PNGCodec.decode(
      Data(
        contentsOf: folder.url.appendingPathComponent(".circles-artifacts/new/pages/home.diff.png"))
    )
    #expect(diff.pixels[9] == DiffImage.changedColour)
  }

  @Test("the artifacts of an image gone from both folders go too, unless a shard was compared")
  func leftoverArtifacts() async throws {
    let folder = try Self.folders()
    #expect(try await Executable.run(["compare", "base", "new"], in: folder.url).status == 1)
    let artifacts = folder.url.appendingPathComponent(".circles-artifacts/new/pages")
    #expect(
      folder.allFiles(in: ".circles-artifacts/new/pages") == ["home.diff.png", "home.strip.png"])
    for side in ["base", "new"] {
      try FileManager.default.removeItem(
        at: folder.url.appendingPathComponent("\(side)/pages/home.png"))
    }
    let shard = try await Executable.run(
      ["compare", "base", "new", "--shard", "1/1"], in: folder.url)
    #expect(shard.status == 1, "\(shard)")
    #expect(FileManager.default.fileExists(atPath: artifacts.path), "a shard sweeps nothing")
    let whole = try await Executable.run(["compare", "base", "new"], in: folder.url)
    #expect(whole.status == 1, "\(whole)")
    #expect(folder.allFiles(in: ".circles-artifacts") == [], "the folder of the comparison went")
  }

  @Test("--ignore over both changed pixels and --update of the rest make the folders agree")
  func ignoreAndUpdate() async throws {
    let folder = try Self.folders()
    let ignored = try await Executable.run(
      ["compare", "base", "new", "--ignore", "3,1,1,1", "--ignore=5,3,4,4", "--artifacts", "out"],
      in: folder.url)
    #expect(ignored.status == 1, "\(ignored)")
    #expect(
      ignored.stdout.contains("compared 4 images: 2 passed, 1 new, 1 deleted\n"), "\(ignored)")
    #expect(
      ignored.stdout.contains(
        "circles compare base new --ignore 3,1,1,1 --ignore=5,3,4,4 --artifacts out --update --prune"
      ))
    let updated = try await Executable.run(
      ["compare", "base", "new", "--update", "--prune", "--json"], in: folder.url)
    #expect(updated.status == 0, "\(updated)")
    let json = try JSONSerialization.jsonObject(with: Data(updated.stdout.utf8)) as? [String: Any]
    let entry = (json?["comparisons"] as? [[String: Any]])?.first
    #expect(
      entry?["counts"] as? [String: Int] == ["passed": 1, "updated": 1, "added": 1, "removed": 1])
    #expect(folder.allFiles(in: "base") == ["added.png", "pages", "same.png"])
    #expect(folder.allFiles(in: "base/pages") == ["home.png"])
    let again = try await Executable.run(["compare", "base", "new"], in: folder.url)
    #expect(again.status == 0, "\(again)")
    #expect(again.stdout == "ok   base vs new: 3 images\ncompared 3 images: 3 passed\n")
  }

  @Test("reports are written from the same result: HTML, JUnit and JSON agree with the exit code")
  func reports() async throws {
    let folder = try Self.folders()
    try Data("junk".utf8).write(to: folder.url.appendingPathComponent("new/same.png"))
    let outcome = try await Executable.run(
      ["compare", "base", "new", "--report", "r.html", "--junit", "j.xml", "--json"],
      in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr == "circles: error: cannot read 'new/same.png': not a PNG file\n")
    let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
    #expect(json?["passed"] as? Bool == false)
    #expect(
      json?["summary"] as? String
        == "compared 4 images: 0 passed, 1 changed, 1 new, 1 deleted, 1 error")
    let xml = try folder.read("j.xml")
    #expect(
      xml.contains("<testsuites name=\"circles compare\" tests=\"4\" failures=\"3\" errors=\"1\">"))
    let html = try folder.read("r.html")
    #expect(html.contains("compared 4 images: 0 passed, 1 changed, 1 new, 1 deleted, 1 error"))
    #expect(html.contains("cannot read &#39;new/same.png&#39;: not a PNG file"))
  }

  @Test(
    "mistakes on the command line are refused before any work, with exit code 2",
    arguments: [
      (["compare", "base"], "compare needs two folders, the expected one and the actual one"),
      (["compare", "base", "new", "more"], "compare takes two folders; 'more' is extra"),
      (
        ["compare", "base", "new", "--ignore", "1,2,3"],
        "--ignore takes x,y,w,h in whole pixels (x and y from 0, w and h from 1), such as "
          + "10,20,100,40, not '1,2,3'"
      ),
      (
        ["compare", "base", "new", "--ignore", "0,0,0,5"],
        "--ignore takes x,y,w,h in whole pixels (x and y from 0, w and h from 1), such as "
          + "10,20,100,40, not '0,0,0,5'"
      ),
      (
        ["compare", "base", "new", "--ignore=-1,0,5,5"],
        "--ignore takes x,y,w,h in whole pixels (x and y from 0, w and h from 1), such as "
          + "10,20,100,40, not '-1,0,5,5'"
      ),
      (
        ["compare", "base", "new", "--prune"],
        "--prune deletes expected images only with --update; add --update"
      ),
      (
        ["compare", "base", "new", "--shard", "3/2"],
        "--shard takes <i>/<n> with 1 ≤ i ≤ n, such as 2/4, not '3/2'"
      ),
      (["compare", "base", "new", "--bogus"], "unknown option '--bogus'"),
    ])
  func usage(_ arguments: [String], _ message: String) async throws {
    let folder = try Self.folders()
    let outcome = try await Executable.run(arguments, in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr == "circles: error: \(message)\nRun 'circles compare --help' for its usage.\n",
      "\(outcome)")
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent(".circles-artifacts").path))
  }

  @Test("a missing folder, or the same folder twice, is an error with exit code 2")
  func folderErrors() async throws {
    let folder = try Self.folders()
    let missing = try await Executable.run(["compare", "nowhere", "new"], in: folder.url)
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.stderr == "circles: error: cannot open 'nowhere': no such folder\n")
    #expect(missing.stdout.hasPrefix("ERROR nowhere vs new: the folders could not be read"))
    for other in ["./base/", "link"] {
      try FileManager.default.createSymbolicLink(
        atPath: folder.url.appendingPathComponent("link").path, withDestinationPath: "base")
      let same = try await Executable.run(["compare", "base", other], in: folder.url)
      #expect(same.status == 2, "\(same)")
      #expect(
        same.stderr
          == "circles: error: cannot compare 'base': it is the same folder as '\(other == "link" ? "link" : "base")'; "
          + "give two different folders\n", "\(same)")
      try FileManager.default.removeItem(at: folder.url.appendingPathComponent("link"))
    }
  }

  @Test(
    "folders one inside the other: the inner one is left out of the outer, whichever it is",
    arguments: [("base", "base/shots"), ("shots/base", "shots")])
  func nestedFolders(expected: String, actual: String) async throws {
    let folder = try TemporaryFolder()
    try Self.write(Self.grey, "\(expected)/same.png", in: folder)
    try Self.write(Self.grey, "\(actual)/same.png", in: folder)
    try Self.write(Self.changed(at: [3]), "\(actual)/changed.png", in: folder)
    try Self.write(Self.grey, "\(expected)/changed.png", in: folder)
    let before = Self.tree(folder)
    for _ in 0..<2 {
      let outcome = try await Executable.run(
        ["compare", expected, actual, "--update", "--prune"], in: folder.url)
      #expect(outcome.status == 0, "\(outcome)")
      let inner = expected.count > actual.count ? expected : actual
      #expect(
        outcome.stdout.contains(
          "note: left out '\(inner)': it is the other folder of the comparison"), "\(outcome)")
    }
    // Nothing was pruned, nothing copied into itself: the same files, the changed one copied.
    #expect(Self.tree(folder) == before)
    #expect(
      try Data(contentsOf: folder.url.appendingPathComponent("\(expected)/changed.png"))
        == Data(contentsOf: folder.url.appendingPathComponent("\(actual)/changed.png")))
  }

  @Test("--shard compares each path in exactly one share")
  func shards() async throws {
    let folder = try Self.folders()
    var seen: [String] = []
    for index in 1...3 {
      let outcome = try await Executable.run(
        ["compare", "base", "new", "--shard", "\(index)/3", "--json"], in: folder.url)
      let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
      let images =
        ((json?["comparisons"] as? [[String: Any]])?.first?["images"] as? [[String: Any]]) ?? []
      seen += images.compactMap { $0["path"] as? String }
    }
    #expect(seen.sorted() == ["added.png", "gone.png", "pages/home.png", "same.png"])
  }

  @Test("diff --ignore leaves a region's pixels out of the count and hatches them")
  func diffIgnore() async throws {
    let folder = try Self.folders()
    let outcome = try await Executable.run(
      ["diff", "base/pages/home.png", "new/pages/home.png", "--ignore", "3,1,1,1", "-o", "d.png"],
      in: folder.url)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      outcome.stdout == """
        1 pixel differ (4.3%), first at 5,3, all within 1x1 at 5,3; 1 pixel in ignored regions
        diff:  d.png

        """, "\(outcome)")
    let diff = try PNGCodec.decode(Data(contentsOf: folder.url.appendingPathComponent("d.png")))
    #expect(diff.pixels[9] != DiffImage.changedColour)
    #expect(diff.pixels[23] == DiffImage.changedColour)
    let both = try await Executable.run(
      ["diff", "base/pages/home.png", "new/pages/home.png", "--ignore", "3,1,3,3"], in: folder.url)
    #expect(both.status == 0, "\(both)")
    #expect(both.stdout == "images match (9 pixels in ignored regions)\n")
    let bad = try await Executable.run(
      ["diff", "base/same.png", "new/same.png", "--ignore", "1,1,1,x"], in: folder.url)
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("circles: error: --ignore takes x,y,w,h in whole pixels"))
  }

  @Test("check --ignore passes a frame whose only change lies in the region, and says so")
  func checkIgnore() async throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("canvas 20x20\nadd a at 5,5 radius 3 fill red\n", to: "s.circles")
    let recorded = try await Executable.run(["check", "s.circles", "--record"], in: folder.url)
    #expect(recorded.status == 0, "\(recorded)")
    _ = try folder.write("canvas 20x20\nadd a at 15,15 radius 3 fill red\n", to: "s.circles")
    let failing = try await Executable.run(["check", "s.circles"], in: folder.url)
    #expect(failing.status == 1, "\(failing)")
    let passing = try await Executable.run(
      ["check", "s.circles", "--ignore", "0,0,20,20"], in: folder.url)
    #expect(passing.status == 0, "\(passing)")
    let partly = try await Executable.run(
      ["check", "s.circles", "--ignore", "0,0,10,10", "--json"], in: folder.url)
    #expect(partly.status == 1, "\(partly)")
    #expect(partly.stdout.contains("\"ignoredPixels\" : 100"), "\(partly)")
  }

  /// A PNG file of 16-bit RGB samples or of palette indices, built by hand: formats Cairo
  /// never writes.
  static func handMade(
    width: Int, height: Int, depth: UInt8, colourType: UInt8, palette: [UInt8] = [], rows: [UInt8]
  ) -> Data {
    HandMadePNG.file(
      header: HandMadePNG.header(
        width: width, height: height, depth: depth, colourType: colourType),
      chunks: (palette.isEmpty ? [] : [("PLTE", palette)])
        + [("IDAT", HandMadePNG.stored(rows))])
  }

  @Test("16-bit and palette files match their 8-bit twins; other sizes and damaged files are told")
  func encodingsAndDamage() async throws {
    let folder = try TemporaryFolder()
    let grey = PixelImage(width: 2, height: 2, filledWith: Colour(red: 128, green: 128, blue: 128))
    for name in ["deep", "palette", "resized", "damaged"] {
      try Self.write(grey, "base/\(name).png", in: folder)
    }
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("new"), withIntermediateDirectories: true)
    let row16: [UInt8] = [0] + Array(repeating: 128, count: 2 * 6)
    try Self.handMade(width: 2, height: 2, depth: 16, colourType: 2, rows: row16 + row16)
      .write(to: folder.url.appendingPathComponent("new/deep.png"))
    try Self.handMade(
      width: 2, height: 2, depth: 8, colourType: 3, palette: [128, 128, 128],
      rows: [0, 0, 0, 0, 0, 0]
    ).write(to: folder.url.appendingPathComponent("new/palette.png"))
    try Self.write(
      PixelImage(width: 2, height: 3, filledWith: Colour(red: 128, green: 128, blue: 128)),
      "new/resized.png", in: folder)
    try PNGCodec.encode(grey).prefix(50).write(
      to: folder.url.appendingPathComponent("new/damaged.png"))
    let outcome = try await Executable.run(["compare", "base", "new", "-v"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stdout == """
        ERROR base vs new: 1 of 4 images could not be compared
          ERROR   damaged.png: cannot read 'new/damaged.png': damaged PNG file: the file is cut short (truncated chunk)
            actual: new/damaged.png
          ok      deep.png: images match
          ok      palette.png: images match
          CHANGED resized.png: size differs: 2×2 vs 2×3
            actual: new/resized.png
        compared 4 images: 2 passed, 1 changed, 1 error

        """, "\(outcome)")
    #expect(
      outcome.stderr
        == "circles: error: cannot read 'new/damaged.png': damaged PNG file: the file is cut short (truncated chunk)\n"
    )
  }
}

extension CompareCommandTests {
  @Test("compare's JSON speaks of folders and images: expected, actual, path, change")
  func jsonWords() async throws {
    let folder = try Self.folders()
    let outcome = try await Executable.run(["compare", "base", "new", "--json"], in: folder.url)
    #expect(outcome.status == 1, "\(outcome)")
    let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
    #expect(json?["scripts"] == nil)
    let comparison = try #require((json?["comparisons"] as? [[String: Any]])?.first)
    #expect(comparison["expected"] as? String == "base")
    #expect(comparison["actual"] as? String == "new")
    #expect(comparison["updateCommand"] as? String == "circles compare base new --update --prune")
    let images = try #require(comparison["images"] as? [[String: Any]])
    for image in images {
      #expect(image["frames"] == nil && image["golden"] == nil && image["render"] == nil)
      #expect(image["sceneDiff"] == nil && image["name"] == nil)
      let path = try #require(image["path"] as? String)
      switch image["change"] as? String {
      case "new":
        #expect(image["expected"] == nil && image["actual"] as? String == "new/" + path)
      case "deleted":
        #expect(image["expected"] as? String == "base/" + path && image["actual"] == nil)
      default:
        #expect(image["expected"] as? String == "base/" + path)
        #expect(image["actual"] as? String == "new/" + path)
      }
    }
    #expect(
      Set(images.compactMap { $0["change"] as? String }) == ["passed", "changed", "new", "deleted"])
  }
}
