/// Which golden each frame of a history is checked against, when steps were inserted, removed
/// or changed since the goldens were recorded.
///
/// Frames and goldens are aligned as a diff aligns lines, in two rounds. First by action slug
/// and picture together: a frame and a golden with the same slug whose images are byte for byte
/// the same are the same step, wherever their numbers put them. Then, in each stretch between
/// those, by slug alone: a frame and a golden with the same slug there are the same step whose
/// picture changed. What is left is new (a frame with no golden) or gone (a golden with no
/// frame). Both rounds keep the order of the history, so a golden is never matched with a frame
/// that comes before one matched with an earlier golden.
enum GoldenAlignment {
  /// One frame or golden: the slug of its action and, when its picture is known to equal
  /// others', the number of that picture (frames and goldens with the same number have
  /// byte-identical images).
  struct Step: Hashable, Sendable {
    var slug: String
    var picture: Int?
  }

  /// A matched frame and golden, and whether their pictures were known to be the same.
  struct Match: Hashable, Sendable {
    var frame: Int
    var golden: Int
    var samePicture: Bool
  }

  /// The matches, in increasing order of frame and of golden.
  static func matches(frames: [Step], goldens: [Step]) -> [Match] {
    var slugs: [String: Int] = [:]
    func slug(_ text: String) -> Int {
      if let known = slugs[text] { return known }
      slugs[text] = slugs.count
      return slugs.count - 1
    }
    let frameSlugs = frames.map { slug($0.slug) }
    let goldenSlugs = goldens.map { slug($0.slug) }
    // Round one: slug and picture. A step without a known picture matches nothing here: it gets
    // a token of its own (negative, so never equal to another).
    var pairs: [Int: Int] = [:]
    func token(_ slug: Int, _ picture: Int?, unique: Int) -> Int {
      guard let picture else { return -1 - unique }
      let key = slug &* 1_000_003 &+ picture
      if let known = pairs[key] { return known }
      pairs[key] = pairs.count
      return pairs.count - 1
    }
    let frameTokens = frames.indices.map { token(frameSlugs[$0], frames[$0].picture, unique: $0) }
    let goldenTokens = goldens.indices.map {
      token(goldenSlugs[$0], goldens[$0].picture, unique: frames.count + $0)
    }
    let anchors = SequenceAlignment.matches(frameTokens, goldenTokens)
    // Round two: slugs alone, in every stretch between two anchors.
    var result: [Match] = []
    var frameStart = 0
    var goldenStart = 0
    for (frame, golden) in anchors + [(frames.count, goldens.count)] {
      if frame > frameStart, golden > goldenStart {
        let inner = SequenceAlignment.matches(
          Array(frameSlugs[frameStart..<frame]), Array(goldenSlugs[goldenStart..<golden]))
        for (f, g) in inner {
          result.append(Match(frame: frameStart + f, golden: goldenStart + g, samePicture: false))
        }
      }
      if frame < frames.count {
        result.append(Match(frame: frame, golden: golden, samePicture: true))
      }
      frameStart = frame + 1
      goldenStart = golden + 1
    }
    return result
  }
}
