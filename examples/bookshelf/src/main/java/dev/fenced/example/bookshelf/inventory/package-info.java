/** Inventory: the warehouse feed, which one elected instance runs. */
package dev.fenced.example.bookshelf.inventory;
