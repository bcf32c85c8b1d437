/// How many nodes one evaluation has gathered on its axes, against its limit
/// (``XPathExpression/Options/maximumNodes``). Shared by the evaluator and the
/// evaluators of its predicates, so it is a class; one evaluation runs on one task.
final class XPathBudget {
    let limit: Int
    private var used = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts `count` more nodes; `false` once the total is past the limit.
    func spend(_ count: Int) -> Bool {
        used += count
        return used <= limit
    }
}
