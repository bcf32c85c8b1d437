/// Where expat's positions came from, for a document whose references to control
/// characters were rewritten ahead of it (``ControlReferenceInput``): `&#x1E;` reaches expat
/// as `&#xFDEE;`, two bytes and two columns longer, so everything after it on its line is
/// two columns further right, and everything after it in the document two bytes further on.
///
/// Each rewrite is kept with the sums of those shifts up to it, so a position is corrected
/// by one binary search. Rewrites behind the token expat has not finished are dropped as
/// expat goes (no position before it will be asked), but the last, which carries the sums.
///
/// A class: the stage adds rewrites while the receiver, called back from inside the
/// stage's delivery, asks it about positions.
final class ControlReferenceOffsets {
    /// One rewritten reference.
    struct Rewrite {
        /// Its place in the bytes expat reads.
        var outputStart: Int64
        var outputEnd: Int64
        /// Its place in the stage's input.
        var inputStart: Int64
        /// The bytes all rewrites up to and including this one added.
        var addedBytes: Int64
        /// The line it is on, counted as expat counts.
        var line: Int
        /// The characters the rewrites on its line up to and including it added.
        var addedColumns: Int
    }

    /// What the stage stopped at: a character it reserves for the references, which expat
    /// is made to stop at (see ``ControlReferenceInput``).
    struct Stop {
        /// Where expat stops, in the bytes it reads.
        var outputOffset: Int64
        /// The reserved character.
        var scalar: UInt32
        /// Whether it came as a reference (`&#xFDD0;`) rather than as itself.
        var isReference: Bool
    }

    private var rewrites: [Rewrite] = []
    /// Rewrites before this index are forgotten.
    private var first = 0
    var stop: Stop?

    /// Notes that the reference at `outputStart` (in expat's bytes), `inputLength` bytes
    /// long as written, reaches expat `outputLength` bytes long, on `line`. Rewrites come in
    /// document order.
    func add(outputStart: Int64, inputLength: Int, outputLength: Int, line: Int) {
        let added = outputLength - inputLength
        let previous = rewrites.last
        rewrites.append(
            Rewrite(
                outputStart: outputStart, outputEnd: outputStart + Int64(outputLength),
                inputStart: outputStart - (previous?.addedBytes ?? 0),
                addedBytes: (previous?.addedBytes ?? 0) + Int64(added), line: line,
                addedColumns: (previous?.line == line ? previous!.addedColumns : 0) + added))
    }

    /// The offset in the stage's input of the byte at `output` in expat's (a byte inside a
    /// rewritten reference is placed at the reference's start).
    func inputOffset(forOutput output: Int64) -> Int64 {
        guard let index = lastIndex(startingBefore: output) else { return output }
        let rewrite = rewrites[index]
        return output < rewrite.outputEnd ? rewrite.inputStart : output - rewrite.addedBytes
    }

    /// How many columns further right expat places the character at `output`, on `line`,
    /// than it is in the input.
    func addedColumns(onLine line: Int, atOutput output: Int64) -> Int {
        guard let index = lastIndex(startingBefore: output) else { return 0 }
        let rewrite = rewrites[index]
        guard rewrite.line == line else { return 0 }
        if output < rewrite.outputEnd {
            // Inside the reference: at its start.
            return index > first && rewrites[index - 1].line == line ? rewrites[index - 1].addedColumns : 0
        }
        return rewrite.addedColumns
    }

    /// Whether expat's bytes from `start` up to `end` hold a rewritten reference or the
    /// place the stage stopped at: they are not the input's there.
    func changes(outputFrom start: Int64, to end: Int64) -> Bool {
        if let stop, stop.outputOffset >= start && stop.outputOffset < end { return true }
        guard let index = lastIndex(startingBefore: end) else { return false }
        return rewrites[index].outputEnd > start
    }

    /// Forgets the rewrites that end before `output`, but the last of them.
    func discard(beforeOutput output: Int64) {
        guard let index = lastIndex(startingBefore: output), index > first else { return }
        first = index
        // Dropped in bulk, so that each rewrite moves O(1) times.
        if first >= 64 && first >= rewrites.count / 2 {
            rewrites.removeFirst(first)
            first = 0
        }
    }

    /// Forgets the document.
    func reset() {
        rewrites.removeAll(keepingCapacity: true)
        first = 0
        stop = nil
    }

    /// The last rewrite kept that starts before `output`.
    private func lastIndex(startingBefore output: Int64) -> Int? {
        var low = first
        var high = rewrites.count
        while low < high {
            let middle = (low + high) / 2
            if rewrites[middle].outputStart < output { low = middle + 1 } else { high = middle }
        }
        return low > first ? low - 1 : nil
    }
}
