extension XMLTreeNode {
    /// Visits this node and its subtree in document order: `enter` for each node, `leave`
    /// for each node after its children. It follows the records' parent and sibling links,
    /// with no recursion and no stack, so a tree nested as deep as its limits allow (or
    /// without limit) never overflows a thread's stack, and nothing is allocated per node.
    func walk(enter: (XMLTreeNode) throws -> Void, leave: (XMLTreeNode) throws -> Void) rethrows {
        let nodes = storage.nodes
        var i = index
        while true {
            try enter(XMLTreeNode(storage: storage, index: i))
            let child = nodes[Int(i)].firstChild
            if child >= 0 {
                i = child
                continue
            }
            // A leaf: leave it and every ancestor it ends, up to the next sibling.
            while true {
                try leave(XMLTreeNode(storage: storage, index: i))
                if i == index { return }
                let next = nodes[Int(i)].next
                if next >= 0 {
                    i = next
                    break
                }
                i = nodes[Int(i)].parent
            }
        }
    }
}
