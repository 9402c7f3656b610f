package dev.vitrine.app.ui.tree;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.model.Problem;
import java.util.List;
import java.util.function.Consumer;

/** What tree items share: where to load, how many children per page, where node problems go. */
public record TreeContext(Background background, int pageSize, Consumer<List<Problem>> nodeProblems) {}
