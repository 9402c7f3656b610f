package dev.vitrine.core.model;

/** How bad a problem is. ERROR means the data is damaged; WARNING means odd but readable. */
public enum Severity {
    INFO,
    WARNING,
    ERROR
}
