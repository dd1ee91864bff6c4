/** The deployment of {@code IdempotentMessageDrivenBeanTest}: two queues and their listeners. */
package dev.fenced.tck.message.mdb;
