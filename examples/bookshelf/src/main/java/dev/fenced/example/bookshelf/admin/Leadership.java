package dev.fenced.example.bookshelf.admin;

import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * Whether this instance leads the warehouse feed: {@code {"leader": true, "fencingToken": 3,
 * "instance": "devbox:8080"}}.
 *
 * @param leader whether it holds the lease
 * @param fencingToken the lease's token, {@code null} when not leading
 * @param instance this instance's name
 */
@JsonbNillable
@JsonbPropertyOrder({"leader", "fencingToken", "instance"})
public record Leadership(boolean leader, Long fencingToken, String instance) {}
